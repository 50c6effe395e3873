import ReactiveCore

/// W5: `combineLatest` of two `BehaviorRelay`s; times `n` `accept` calls, alternating between
/// the relays.
func combineTwoRelays(_ n: Int) -> Pass {
  let first = BehaviorRelay(value: 0)
  let second = BehaviorRelay(value: 0)
  var total = 0
  let subscription = Observable.combineLatest(first, second)
    .subscribe(onNext: { total &+= $0.0 &+ $0.1 })
  let nanoseconds = measure {
    for value in 0..<n {
      if value % 2 == 0 { first.accept(value) } else { second.accept(value) }
    }
  }
  subscription.dispose()
  return Pass(nanoseconds: nanoseconds, checksum: total)
}
