import ReactiveCore

/// MEM: `n` live subscriptions to `subject.map { }.filter { }`, held in a `DisposeBag`.
/// Reports resident bytes per subscription, and the time per subscription to subscribe, to
/// deliver one event to all of them, and to dispose them (by releasing the bag).
func runMemoryWorkload(_ options: RunOptions) -> String {
  let n = options.size ?? 100_000
  var passes: [MemoryPass] = []
  let warmUp = memoryPass(n)
  for _ in 0..<options.repetitions {
    let pass = memoryPass(n)
    precondition(pass.checksum == warmUp.checksum, "MEM: checksum changed")
    passes.append(pass)
  }
  let bytes = passes.compactMap(\.residentBytes)
  let perSubscription = { (values: [UInt64]) in median(values.map { Double($0) / Double(n) }) }
  return line(
    "MEM", n: n,
    fields: [
      bytes.isEmpty
        ? "n/a bytes/subscription"
        : "\(format(median(bytes.map { Double($0) / Double(n) }), decimals: 0)) bytes/subscription",
      "subscribe \(format(perSubscription(passes.map(\.subscribe)), decimals: 1)) ns",
      "deliver \(format(perSubscription(passes.map(\.deliver)), decimals: 1)) ns",
      "dispose \(format(perSubscription(passes.map(\.dispose)), decimals: 1)) ns",
      "checksum \(warmUp.checksum)",
    ])
}

struct MemoryPass {
  var residentBytes: UInt64?
  var subscribe: UInt64
  var deliver: UInt64
  var dispose: UInt64
  var checksum: Int
}

func memoryPass(_ n: Int) -> MemoryPass {
  releaseFreeMemory()
  let subject = PublishSubject<Int>()
  let total = Total()
  var bag: DisposeBag? = DisposeBag()
  let before = residentBytes()
  let subscribe = measure {
    for _ in 0..<n {
      subject.map { $0 &+ 1 }.filter { $0 > 0 }.subscribe(onNext: { total.add($0) })
        .disposed(by: bag!)
    }
  }
  let after = residentBytes()
  let deliver = measure { subject.onNext(1) }
  let dispose = measure { bag = nil }
  var resident: UInt64?
  if let before, let after { resident = after > before ? after - before : 0 }
  return MemoryPass(
    residentBytes: resident, subscribe: subscribe, deliver: deliver, dispose: dispose,
    checksum: total.value)
}
