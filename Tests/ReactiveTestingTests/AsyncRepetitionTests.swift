import ReactiveCore
import ReactiveTesting
import Testing

/// Async code on a `TestScheduler` is deterministic: the same scenario, run 1,000 times in
/// parallel, each on its own scheduler, happens at the same ticks every time.
@Suite struct AsyncRepetitionTests {
  /// A task on the scheduler sleeps on its clock, iterates an observable's `values` and a
  /// driver's `values` side by side, and awaits a `Single` of an async function and a delayed
  /// `Single`; returns what happened, with ticks.
  static func scenario(_ index: Int) -> [String] {
    let scheduler = TestScheduler.milliseconds()
    let clock = scheduler.asyncClock
    let source = scheduler.createHotObservable([
      .next(100, index), .next(250, index + 1), .completed(300),
    ])
    let driver = SharingScheduler.mock(scheduler: scheduler) {
      source.asDriver(onErrorJustReturn: -1).map { $0 * 10 }
    }
    let answer = Single<Int>.create {
      try await clock.sleep(for: .milliseconds(200))
      return index * 2
    }
    let log = scheduler.createObserver(String.self)
    Task(executorPreference: scheduler) {
      try await clock.sleep(for: .milliseconds(50))
      log.on(.next("slept"))
      async let fromDriver: Void = {
        for await element in driver.values { log.on(.next("driver \(element)")) }
      }()
      for try await element in source.asObservable().values {
        log.on(.next("element \(element)"))
      }
      await fromDriver
      log.on(.next("answer \(try await answer.value)"))
      let delayed = try await Single.just(index).delay(.milliseconds(100), scheduler: scheduler)
        .value
      log.on(.next("delayed \(delayed)"))
    }
    scheduler.start()
    return timeline(log.events)
  }

  static func expected(_ index: Int) -> [String] {
    [
      "slept@50",
      "element \(index)@100", "driver \(index * 10)@100",
      "element \(index + 1)@250", "driver \((index + 1) * 10)@250",
      "answer \(index * 2)@500",
      "delayed \(index)@600",
    ]
  }

  @Test func aThousandParallelRunsHappenAtTheSameTicks() async {
    let runs = await withTaskGroup(of: (Int, [String]).self) { group in
      for index in 0..<1_000 {
        group.addTask { (index, Self.scenario(index)) }
      }
      var runs: [(Int, [String])] = []
      for await run in group { runs.append(run) }
      return runs
    }
    expectEqual(runs.count, 1_000)
    let different = runs.filter { index, events in events != Self.expected(index) }
    let differentRuns = different.count
    expectEqual(differentRuns, 0, "the first different run: \(different.first as Any)")
  }
}
