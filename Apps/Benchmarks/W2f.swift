/// W2f: W2's 100 subscriber closures (`{ total &+= $0 }`, each adding to one captured `var`),
/// called for each of `n` values, without any reactive library: what the subscribers cost by
/// themselves, the floor W2 is compared with. Swift checks the exclusive access to `total` at
/// run time in each call, here as in W2, and that check is most of the cost.
func subscribersAlone(_ n: Int) -> Pass {
  var total = 0
  var subscribers = ContiguousArray<Subscriber>()
  for _ in 0..<100 { subscribers.append(Subscriber { total &+= $0 }) }
  let nanoseconds = subscribers.withUnsafeBufferPointer { buffer in
    measure {
      for value in 0..<n { callEach(buffer, with: value) }
    }
  }
  return Pass(nanoseconds: nanoseconds, checksum: total)
}

/// A subscriber's closure, held by an object as a subject holds it.
final class Subscriber {
  let onNext: (Int) -> Void

  init(_ onNext: @escaping (Int) -> Void) { self.onNext = onNext }
}

/// Calls each subscriber with `value` and does nothing else. A plain `for` loop would retain
/// and release each closure around its call (about 30 instructions), which a subject's delivery
/// loop does not; the buffer keeps them alive instead. Out of the optimiser's sight, so the
/// calls stay indirect.
@inline(never)
func callEach(_ subscribers: UnsafeBufferPointer<Subscriber>, with value: Int) {
  for index in subscribers.indices {
    Unmanaged.passUnretained(subscribers[index])._withUnsafeGuaranteedRef { $0.onNext(value) }
  }
}
