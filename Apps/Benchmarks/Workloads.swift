/// Every timed workload, in the order they run. MEM, which reports several figures, is run
/// by `runMemoryWorkload`. Workloads on virtual time (W6m, W6d: a `TestScheduler` driving a
/// hot observable through `map`, then through `debounce`) belong in a file of their own and
/// in this list.
let allWorkloads: [Workload] = [
  Workload(id: "W1s", size: 10_000_000, unit: "event", body: subjectChain),
  Workload(id: "W1r", size: 10_000_000, unit: "event", body: rangeChain),
  Workload(id: "W2", size: 100_000, unit: "onNext", body: manySubscribers),
  Workload(id: "W3", size: 1_000_000, unit: "subscription", body: subscribeAndDispose),
  Workload(id: "W4", size: 1_000_000, unit: "event", body: switchToJust),
  Workload(id: "W5", size: 1_000_000, unit: "accept", body: combineTwoRelays),
  Workload(id: "W7", size: 10_000_000, unit: "event", body: plainClosures),
]
