// The testing module of the template: RxTest's and RxBlocking's API (in `ReactiveTestingBase`
// and `ReactiveBlocking`, which the `RxTest` and `RxBlocking` products re-export alone), and
// what this module adds to it: marbles, timelines and their tables, Swift Testing's
// `expectEvents`, and the test scheduler as a Swift `Clock` and a task executor. The additions
// live here so that code written for RxTest, which may use these names for its own
// declarations, sees none of them.
@_exported import ReactiveBlocking
import ReactiveCore
@_exported import ReactiveTestingBase

extension TestScheduler {
  /// The seconds that one tick stands for.
  public var resolution: Double { secondsPerTick }
}

extension TestableObservable {
  /// The scheduler the events are emitted on.
  public var testScheduler: TestScheduler { owningScheduler }
}

extension TestableObserver {
  /// The scheduler whose clock stamps the events.
  public var testScheduler: TestScheduler { owningScheduler }
}

extension Recorded {
  /// The given arrays of recorded events, joined.
  public static func events<T>(joining recordedEvents: [Recorded<Event<T>>]...)
    -> [Recorded<Event<T>>] where Value == Event<T>
  {
    recordedEvents.flatMap { $0 }
  }
}

/// A readable report of how `actual` differs from `expected`, or `nil` when they are equal.
///
/// Every position is listed; equal ones start with two spaces, and a difference shows the
/// actual item after `-` and the expected one after `+`:
///
/// ```
/// Timelines differ (- actual, + expected):
///     [0] next(a) @ 210
///   - [1] next(b) @ 220
///   + [1] next(b) @ 221
///   + [2] completed @ 230
/// ```
public func differenceReport<Item: Equatable>(_ actual: [Item], _ expected: [Item]) -> String? {
  eventsDifferenceReport(actual, expected)
}

/// Two timelines side by side, tick by tick, or `nil` when they are equal: what a failed
/// timeline assertion prints instead of two long arrays.
///
/// Each row is one tick; a tick with several events has a row for each, paired in order. The
/// first row that differs is marked `>`, later ones `*`:
///
/// ```
/// Timelines differ; first at tick 220 (>):
///     tick | actual      | expected
///      150 | next(false) | next(false)
///   >  220 | next(true)  |
///   *  230 |             | next(true)
///      300 | completed   | completed
/// ```
public func timelineTable<T: Equatable>(
  _ actual: [Recorded<Event<T>>], _ expected: [Recorded<Event<T>>]
) -> String? {
  eventsTimelineTable(actual, expected)
}
