import Foundation
import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct VirtualTimeSchedulerTests {
  /// Records the clock and a label each time an action runs.
  final class Log {
    var entries: [String] = []
  }

  func record(_ log: Log, _ label: String, on scheduler: TestScheduler) -> (()) -> Disposable {
    { _ in
      log.entries.append("\(label)@\(scheduler.clock)")
      return Disposables.create()
    }
  }

  @Test func actionsRunByTimeThenByTheOrderTheyWereScheduled() {
    let scheduler = TestScheduler(initialClock: 0)
    let log = Log()
    _ = scheduler.scheduleAbsoluteVirtual((), time: 30, action: record(log, "c", on: scheduler))
    _ = scheduler.scheduleAbsoluteVirtual((), time: 10, action: record(log, "a", on: scheduler))
    _ = scheduler.scheduleAbsoluteVirtual((), time: 20, action: record(log, "b1", on: scheduler))
    _ = scheduler.scheduleAbsoluteVirtual((), time: 20, action: record(log, "b2", on: scheduler))
    scheduler.start()
    expectEqual(log.entries, ["a@10", "b1@20", "b2@20", "c@30"])
    expectEqual(scheduler.clock, 30)
  }

  @Test func disposingAScheduledActionCancelsIt() {
    let scheduler = TestScheduler(initialClock: 0)
    let log = Log()
    let cancelled = scheduler.scheduleAbsoluteVirtual(
      (), time: 10, action: record(log, "x", on: scheduler))
    _ = scheduler.scheduleAbsoluteVirtual((), time: 20, action: record(log, "y", on: scheduler))
    expectEqual(scheduler.pendingCount, 2)
    cancelled.dispose()
    expectEqual(scheduler.pendingCount, 1)
    scheduler.start()
    expectEqual(log.entries, ["y@20"])
  }

  @Test func disposingAfterTheActionRanDisposesWhatItReturned() {
    let scheduler = TestScheduler(initialClock: 0)
    let inner = BooleanDisposable()
    let item = scheduler.scheduleAbsoluteVirtual((), time: 5) { _ in inner }
    scheduler.start()
    #expect(!inner.isDisposed)
    item.dispose()
    #expect(inner.isDisposed)
  }

  @Test func advanceToRunsWhatIsDueAndSetsTheClock() {
    let scheduler = TestScheduler(initialClock: 0)
    let log = Log()
    for time in [10, 20, 30] {
      _ = scheduler.scheduleAbsoluteVirtual((), time: time, action: record(log, "t", on: scheduler))
    }
    scheduler.advanceTo(20)
    expectEqual(log.entries, ["t@10", "t@20"])
    expectEqual(scheduler.clock, 20)
    scheduler.advanceTo(25)
    expectEqual(scheduler.clock, 25)
    expectEqual(log.entries.count, 2)
    scheduler.start()
    expectEqual(log.entries, ["t@10", "t@20", "t@30"])
  }

  @Test func sleepMovesTheClockWithoutRunningAnything() {
    let scheduler = TestScheduler(initialClock: 100)
    let log = Log()
    _ = scheduler.scheduleAbsoluteVirtual((), time: 120, action: record(log, "late", on: scheduler))
    scheduler.sleep(50)
    expectEqual(scheduler.clock, 150)
    #expect(log.entries.isEmpty)
    scheduler.start()
    expectEqual(log.entries, ["late@150"])
  }

  @Test func stopEndsStartAfterTheCurrentAction() {
    let scheduler = TestScheduler(initialClock: 0)
    let log = Log()
    scheduler.scheduleAt(10) {
      log.entries.append("stop")
      scheduler.stop()
    }
    scheduler.scheduleAt(20) { log.entries.append("after") }
    scheduler.start()
    expectEqual(log.entries, ["stop"])
    expectEqual(scheduler.clock, 10)
    scheduler.start()
    expectEqual(log.entries, ["stop", "after"])
  }

  @Test func actionsScheduledFromActionsRunInOrder() {
    let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
    let log = Log()
    scheduler.scheduleAt(10) {
      _ = scheduler.scheduleRelativeVirtual(
        (), dueTime: 5, action: self.record(log, "+5", on: scheduler))
      _ = scheduler.schedule((), action: self.record(log, "now", on: scheduler))
      _ = scheduler.scheduleAbsoluteVirtual(
        (), time: 1, action: self.record(log, "past", on: scheduler))
    }
    scheduler.start()
    expectEqual(log.entries, ["past@10", "now@10", "+5@15"])
  }

  @Test func theQueueMatchesASortedReferenceUnderRandomSchedulingAndDisposal() {
    var generator = SplitMix(seed: 42)
    let scheduler = TestScheduler(initialClock: 0)
    var ran: [Int] = []
    var expected: [(time: Int, order: Int)] = []
    var disposables: [(order: Int, disposable: Disposable)] = []
    for order in 0..<3_000 {
      let time = Int(generator.next() % 500)
      let disposable = scheduler.scheduleAbsoluteVirtual(order, time: time) { order in
        ran.append(order)
        return Disposables.create()
      }
      disposables.append((order, disposable))
      expected.append((time, order))
    }
    var cancelled = Set<Int>()
    for (order, disposable) in disposables where generator.next() % 3 == 0 {
      disposable.dispose()
      cancelled.insert(order)
    }
    #expect(scheduler.pendingCount == 3_000 - cancelled.count)
    scheduler.start()
    let reference = expected.filter { !cancelled.contains($0.order) }
      .sorted { ($0.time, $0.order) < ($1.time, $1.order) }.map(\.order)
    expectEqual(ran, reference)
    expectEqual(scheduler.pendingCount, 0)
  }

  /// A batch must run its actions exactly where the same actions scheduled one by one would run,
  /// among actions scheduled before, during and after it.
  @Test func aBatchRunsInTheSameOrderAsActionsScheduledOneByOne() {
    var generator = SplitMix(seed: 7)
    let times = (0..<400).map { _ in Int(generator.next() % 50) }
    let singlesBefore = (0..<100).map { _ in Int(generator.next() % 50) }
    let singlesAfter = (0..<100).map { _ in Int(generator.next() % 50) }

    func runOrder(batched: Bool) -> [String] {
      let scheduler = TestScheduler(initialClock: 0)
      var ran: [String] = []
      for (index, time) in singlesBefore.enumerated() {
        _ = scheduler.scheduleAbsoluteVirtual((), time: time) { _ in
          ran.append("before \(index)@\(scheduler.clock)")
          return Disposables.create()
        }
      }
      if batched {
        _ = scheduler.scheduleAbsoluteVirtual(atEach: times) { index in
          ran.append("batch \(index)@\(scheduler.clock)")
        }
      } else {
        for (index, time) in times.enumerated() {
          _ = scheduler.scheduleAbsoluteVirtual((), time: time) { _ in
            ran.append("batch \(index)@\(scheduler.clock)")
            return Disposables.create()
          }
        }
      }
      for (index, time) in singlesAfter.enumerated() {
        _ = scheduler.scheduleAbsoluteVirtual((), time: time) { _ in
          ran.append("after \(index)@\(scheduler.clock)")
          return Disposables.create()
        }
      }
      scheduler.start()
      return ran
    }

    let batched = runOrder(batched: true)
    expectEqual(batched.count, 600)
    expectEqual(batched, runOrder(batched: false))
  }

  @Test func disposingABatchCancelsTheActionsNotYetRun() {
    let scheduler = TestScheduler(initialClock: 0)
    var ran: [Int] = []
    let batch = scheduler.scheduleAbsoluteVirtual(atEach: [10, 20, 30, 40]) { ran.append($0) }
    scheduler.scheduleAt(25) { batch.dispose() }
    scheduler.start()
    expectEqual(ran, [0, 1])
    expectEqual(scheduler.pendingCount, 0)
  }

  @Test func periodicSchedulingTicksAtEachPeriodUntilDisposed() {
    let scheduler = TestScheduler(initialClock: 0)
    var ticks: [String] = []
    var periodic: Disposable?
    scheduler.scheduleAt(100) {
      periodic = scheduler.schedulePeriodic(0, startAfter: .seconds(10), period: .seconds(20)) {
        count in
        ticks.append("\(count)@\(scheduler.clock)")
        return count + 1
      }
    }
    scheduler.scheduleAt(175) { periodic?.dispose() }
    scheduler.start()
    expectEqual(ticks, ["0@110", "1@130", "2@150", "3@170"])
    expectEqual(scheduler.pendingCount, 0)
  }

  @Test func aNeverDueTimeNeverRuns() {
    let scheduler = TestScheduler(initialClock: 0)
    var ran = false
    _ = scheduler.scheduleRelative((), dueTime: .never) { _ in
      ran = true
      return Disposables.create()
    }
    scheduler.start()
    #expect(!ran)
  }

  @Test func theHistoricalSchedulerRunsOnDates() {
    let start = Date(timeIntervalSince1970: 1_000)
    let scheduler = HistoricalScheduler(initialClock: start)
    var seen: [TimeInterval] = []
    _ = scheduler.scheduleRelative((), dueTime: .seconds(5)) { _ in
      seen.append(scheduler.now.timeIntervalSince1970)
      return Disposables.create()
    }
    _ = scheduler.scheduleRelativeVirtual((), dueTime: 2.5) { _ in
      seen.append(scheduler.clock.timeIntervalSince1970)
      return Disposables.create()
    }
    scheduler.start()
    expectEqual(seen, [1_002.5, 1_005])
    expectEqual(HistoricalScheduler().clock, Date(timeIntervalSince1970: 0))
    let converter = HistoricalSchedulerTimeConverter()
    expectEqual(converter.offsetVirtualTime(start, offset: 3), Date(timeIntervalSince1970: 1_003))
    expectEqual(converter.compareVirtualTime(start, start), .equal)
  }
}

/// A small deterministic random number generator for reproducible property tests.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
