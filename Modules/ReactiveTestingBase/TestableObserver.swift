import ReactiveCoreBase

/// An observer that records every event it receives with the tick it arrived at.
public final class TestableObserver<Element>: ObserverType, @unchecked Sendable {
  // Used by the thread that drives the scheduler.
  /// The scheduler whose clock stamps the events (`testScheduler` in `ReactiveTesting`).
  @usableFromInline package let owningScheduler: TestScheduler
  /// The events received so far, with their times.
  public var events: [Recorded<Event<Element>>] { recorded }

  @usableFromInline @exclusivity(unchecked) var recorded: [Recorded<Event<Element>>] = []

  @inlinable init(scheduler: TestScheduler) {
    owningScheduler = scheduler
  }

  /// Records `event` at the scheduler's current tick.
  @inlinable public func on(_ event: Event<Element>) {
    recorded.append(Recorded(time: owningScheduler.clock, value: event))
  }
}
