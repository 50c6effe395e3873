import ReactiveCore

/// MEM: `n` live subscriptions to `subject.map { }.filter { }`, held in a `DisposeBag`.
///
/// Reports resident bytes per subscription, measured from a heap whose free memory was first
/// returned to the system, and the time per subscription to subscribe, to deliver one event to
/// all of them, and to dispose them (by releasing the bag), measured on a warm heap (one that
/// already grew to this size once, as an app's does). Subscribing on a fresh heap also pays the
/// page faults of the new memory; that figure is printed too.
func runMemoryWorkload(_ options: RunOptions) -> String {
  let n = options.size ?? 100_000
  let warmUp = memoryPass(n, freshHeap: true)
  var fresh: [MemoryPass] = []
  var warm: [MemoryPass] = []
  for _ in 0..<options.repetitions {
    fresh.append(memoryPass(n, freshHeap: true))
    warm.append(memoryPass(n, freshHeap: false))
  }
  for pass in fresh + warm {
    precondition(pass.checksum == warmUp.checksum, "MEM: checksum changed")
  }
  let bytes = fresh.compactMap(\.residentBytes)
  let perSubscription = { (values: [UInt64]) in
    format(median(values.map { Double($0) / Double(n) }), decimals: 1)
  }
  return line(
    "MEM", n: n,
    fields: [
      bytes.isEmpty
        ? "n/a bytes/subscription"
        : "\(format(median(bytes.map { Double($0) / Double(n) }), decimals: 0)) bytes/subscription",
      "subscribe \(perSubscription(warm.map(\.subscribe))) ns",
      "deliver \(perSubscription(warm.map(\.deliver))) ns",
      "dispose \(perSubscription(warm.map(\.dispose))) ns",
      "checksum \(warmUp.checksum)",
      "(subscribe on a fresh heap \(perSubscription(fresh.map(\.subscribe))) ns)",
    ])
}

struct MemoryPass {
  var residentBytes: UInt64?
  var subscribe: UInt64
  var deliver: UInt64
  var dispose: UInt64
  var checksum: Int
}

func memoryPass(_ n: Int, freshHeap: Bool) -> MemoryPass {
  if freshHeap { releaseFreeMemory() }
  let subject = PublishSubject<Int>()
  var total = 0
  var bag: DisposeBag? = DisposeBag()
  let before = residentBytes()
  let subscribe = measure {
    for _ in 0..<n {
      subject.map { $0 &+ 1 }.filter { $0 > 0 }.subscribe(onNext: { total &+= $0 })
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
    checksum: total)
}
