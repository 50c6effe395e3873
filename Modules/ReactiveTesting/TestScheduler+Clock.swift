import Foundation
import ReactiveCore

extension TestScheduler {
  /// The scheduler's virtual clock as a Swift `Clock`, for code that sleeps with
  /// `clock.sleep(for:)` or `Task.sleep(for:clock:)`: inject it where the app injects
  /// `ContinuousClock`.
  ///
  /// One tick is `resolution` seconds: on `TestScheduler.milliseconds()`,
  /// `try await scheduler.asyncClock.sleep(for: .milliseconds(300))` wakes at exactly tick +300.
  /// `clock` stays the tick count.
  public var asyncClock: TestSchedulerClock { TestSchedulerClock(scheduler: self) }
}

/// A `TestScheduler`'s virtual time as a Swift `Clock` whose `Duration` is `Swift.Duration`.
///
/// `sleep(until:)` and `sleep(for:)` schedule the wake-up as an action of the scheduler at the
/// deadline's tick (rounded half up, as `scheduleRelative` rounds): it happens when `start()` or
/// `advanceTo(_:)` reaches that tick, never on a real clock. A deadline at or before now wakes
/// as an action scheduled for now does. A task cancelled while asleep wakes at once (when the
/// driving thread takes its next action) and the sleep throws `CancellationError`; a task
/// cancelled before it sleeps throws without waiting.
///
/// Sleep in a task that runs on the scheduler (`Task(executorPreference: scheduler)`, or work a
/// bridge starts while the scheduler runs): its continuation then also runs in virtual time.
/// Read `now` on the thread that drives the scheduler (such a task runs there).
public struct TestSchedulerClock: Clock, Sendable {
  /// A point on the virtual clock: the time since tick 0.
  public struct Instant: InstantProtocol, Sendable, Hashable, CustomStringConvertible {
    /// The time since tick 0.
    public var offset: Duration

    /// The instant `offset` after tick 0.
    public init(offset: Duration) {
      self.offset = offset
    }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// The time from this instant to `other`.
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    /// Whether `lhs` is earlier than `rhs`.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }

    /// The offset, as `Duration` prints it.
    public var description: String { "\(offset) after tick 0" }
  }

  /// The scheduler whose clock this is.
  public let scheduler: TestScheduler

  /// Creates the clock of `scheduler`.
  public init(scheduler: TestScheduler) {
    self.scheduler = scheduler
  }

  /// One tick.
  public var minimumResolution: Duration { tick }

  /// The scheduler's current tick as an instant.
  public var now: Instant { Instant(offset: tick * scheduler.clock) }

  /// The tick of `instant`, rounded half up.
  public func ticks(of instant: Instant) -> TestTime {
    ticks(in: instant.offset)
  }

  /// Suspends until the scheduler reaches the tick of `deadline`; `tolerance` is ignored, as
  /// virtual time is exact.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let deadlineTick = ticks(of: deadline)
    try await sleep { _ in deadlineTick }
  }

  /// Suspends for `duration` of virtual time, counted from the tick at which the scheduler
  /// takes the request (the current tick, for a task that runs on the scheduler).
  public func sleep(for duration: Duration, tolerance: Duration? = nil) async throws {
    let length = ticks(in: duration)
    try await sleep { now in
      let (deadline, overflow) = now.addingReportingOverflow(length)
      return overflow ? (length > 0 ? .max : .min) : deadline
    }
  }

  private var tick: Duration { .seconds(scheduler.resolution) }

  private func ticks(in duration: Duration) -> TestTime {
    TestSchedulerVirtualTimeConverter.ticks(duration / tick + 0.5)
  }

  /// Sleeps until the tick that `deadline` computes from the tick at which the scheduler takes
  /// the request. The request is an action placed before every pending one, so only the
  /// thread that drives the scheduler reads its clock.
  private func sleep(until deadline: @escaping @Sendable (TestTime) -> TestTime) async throws {
    try Task.checkCancellation()
    let sleeper = Sleeper()
    let scheduler = self.scheduler
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        sleeper.start(continuation)
        let request = scheduler.scheduleAbsoluteVirtual(at: .min) {
          let wake = scheduler.scheduleAbsoluteVirtual(
            at: scheduler.adjustScheduledTime(deadline(scheduler.clock))
          ) {
            sleeper.finish(.success(()))
            return Disposables.create()
          }
          sleeper.setAlarm(wake)
          return Disposables.create()
        }
        sleeper.setAlarm(request)
      }
    } onCancel: {
      sleeper.finish(.failure(CancellationError()))
    }
  }
}

/// One sleep on a `TestSchedulerClock`: resumed once, by the alarm or by cancellation, which
/// also disposes the pending alarm.
private final class Sleeper: @unchecked Sendable {
  // `continuation`, `alarms` and `finished` are guarded by `lock`; the continuation is resumed
  // and the alarms disposed after the lock is released.
  private let lock = NSLock()
  private var continuation: CheckedContinuation<Void, Swift.Error>?
  private var alarms: [Disposable] = []
  private var finished: Result<Void, Swift.Error>?

  /// Keeps the continuation, or resumes it at once if the sleep already ended (a cancellation
  /// that came first).
  func start(_ continuation: CheckedContinuation<Void, Swift.Error>) {
    let early: Result<Void, Swift.Error>? = lock.withLock {
      if let finished { return finished }
      self.continuation = continuation
      return nil
    }
    if let early { continuation.resume(with: early) }
  }

  /// Keeps a scheduled action of the sleep so that a cancellation can dispose it, or disposes
  /// it at once if the sleep already ended.
  func setAlarm(_ alarm: Disposable) {
    let ended: Bool = lock.withLock {
      if finished != nil { return true }
      alarms.append(alarm)
      return false
    }
    if ended { alarm.dispose() }
  }

  /// Ends the sleep with `result`, unless it already ended.
  func finish(_ result: Result<Void, Swift.Error>) {
    let (continuation, alarms): (CheckedContinuation<Void, Swift.Error>?, [Disposable]) =
      lock.withLock {
        guard finished == nil else { return (nil, []) }
        finished = result
        defer {
          self.continuation = nil
          self.alarms = []
        }
        return (self.continuation, self.alarms)
      }
    for alarm in alarms { alarm.dispose() }
    continuation?.resume(with: result)
  }
}
