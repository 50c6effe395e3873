import Foundation
import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct RecordedTests {
  struct Described: Error, CustomStringConvertible {
    let description: String
  }

  struct AlsoDescribed: Error, CustomStringConvertible {
    let description: String
  }

  @Test func eventsCompareErrorsByTypeAndDescription() {
    expectEqual(Event<Int>.error(TestFailure.broken), .error(TestFailure.broken))
    #expect(Event<Int>.error(TestFailure.broken) != .error(TestFailure.other))
    expectEqual(Event<Int>.error(Described(description: "x")), .error(Described(description: "x")))
    #expect(
      Event<Int>.error(Described(description: "x")) != .error(AlsoDescribed(description: "x")))
    #expect(Event<Int>.next(1) != .completed)
    expectEqual(Event<Int>.completed, .completed)
  }

  @Test func factoriesBuildTheRecordedEvents() {
    let events = Recorded.events(.next(10, "a"), .completed(20))
    expectEqual(events.map(\.time), [10, 20])
    expectEqual(events[0].value, .next("a"))
    let joined = Recorded.events(
      joining: [.next(1, 1)], [.next(2, 2), .error(3, TestFailure.broken)])
    expectEqual(joined, [.next(1, 1), .next(2, 2), .error(3, TestFailure.broken)])
    expectEqual(Recorded(time: 5, value: 1), Recorded(time: 5, value: 1))
    #expect(Recorded(time: 5, value: 1) != Recorded(time: 6, value: 1))
  }

  @Test func descriptionsAreReadable() {
    expectEqual(Subscription(200, 1_000).debugDescription, "(200 : 1000)")
    expectEqual(Subscription(100).debugDescription, "(100 : Infinity)")
    expectEqual(Subscription(100), Subscription(100, Int.max))
    expectEqual(Recorded<Event<Int>>.next(210, 3).debugDescription, "next(3) @ 210")
    expectEqual(Recorded<Event<Int>>.completed(230).debugDescription, "completed @ 230")
  }

  @Test func timelineWritesOneStringPerEvent() {
    let events: [Recorded<Event<String>>] = [
      .next(150, "false"), .next(200, "true"), .error(300, TestFailure.broken), .completed(400),
    ]
    expectEqual(timeline(events), ["false@150", "true@200", "error(broken)@300", "completed@400"])
    expectEqual(timeline([Recorded<Event<Bool>>.next(0, true)]), ["true@0"])
  }

  @Test func theDifferenceReportListsEveryPositionAndMarkTheOnesThatDiffer() {
    let actual: [Recorded<Event<String>>] = [.next(210, "a"), .next(220, "b")]
    let expected: [Recorded<Event<String>>] = [.next(210, "a"), .next(221, "b"), .completed(230)]
    #expect(differenceReport(actual, actual) == nil)
    expectEqual(
      differenceReport(actual, expected),
      """
      Timelines differ (- actual, + expected):
          [0] next(a) @ 210
        - [1] next(b) @ 220
        + [1] next(b) @ 221
        + [2] completed @ 230
      """)
  }

  @Test func aTickIsResolutionSecondsRoundedHalfUp() {
    let converter = TestSchedulerVirtualTimeConverter(resolution: 0.001)
    expectEqual(converter.convertToVirtualTimeInterval(0.3), 300)
    expectEqual(converter.convertToVirtualTimeInterval(0.0015), 2)
    expectEqual(converter.convertToVirtualTimeInterval(0.0014), 1)
    expectEqual(converter.convertFromVirtualTimeInterval(250), 0.25)
    expectEqual(converter.convertToVirtualTime(Date(timeIntervalSince1970: 1.2)), 1_200)
    #expect(converter.convertToVirtualTime(.distantFuture) > 1_000_000_000_000)
    expectEqual(converter.offsetVirtualTime(10, offset: 5), 15)
    expectEqual(converter.compareVirtualTime(1, 2), .lessThan)
  }

  @Test func relativeTimesBecomeTicksOfTheResolution() {
    let scheduler = TestScheduler(
      initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    var ranAt: [TestTime] = []
    scheduler.scheduleAt(100) {
      _ = scheduler.scheduleRelative((), dueTime: .milliseconds(300)) { _ in
        ranAt.append(scheduler.clock)
        return Disposables.create()
      }
      _ = scheduler.scheduleRelative((), dueTime: .microseconds(1_500)) { _ in
        ranAt.append(scheduler.clock)
        return Disposables.create()
      }
    }
    scheduler.start()
    expectEqual(ranAt, [102, 400])
  }

  @Test func processingDelayMovesWorkForNowToTheNextTick() {
    for delay in [true, false] {
      let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: delay)
      var ranAt: TestTime?
      scheduler.scheduleAt(50) {
        _ = scheduler.schedule(()) { _ in
          ranAt = scheduler.clock
          return Disposables.create()
        }
      }
      scheduler.start()
      expectEqual(ranAt, (delay ? 51 : 50))
    }
  }
}
