import Dispatch
import Foundation
import Synchronization

/// A length of time, as schedulers measure it.
public typealias RxTimeInterval = DispatchTimeInterval

/// A point in time, as schedulers report it.
public typealias RxTime = Date

/// Something that runs work now, in its own context (a queue, a thread, a virtual clock).
public protocol ImmediateSchedulerType {
  /// Runs `action` with `state` as soon as the scheduler can; disposing the result before then
  /// cancels it.
  func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable)
    -> Disposable
}

/// Something that runs work now or later, and tells the time.
public protocol SchedulerType: ImmediateSchedulerType {
  /// The scheduler's current time.
  var now: RxTime { get }

  /// Runs `action` with `state` after `dueTime`; disposing the result before then cancels it.
  func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable

  /// Runs `action` after `startAfter` and then every `period`, feeding each run the state the
  /// previous one returned, until the result is disposed.
  func schedulePeriodic<StateType>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping (StateType) -> StateType
  ) -> Disposable

  /// Runs `action` after `dueTime`; disposing the result before then cancels it.
  ///
  /// The form without a state, which the library's timers use. It has a default built on
  /// `scheduleRelative(_:dueTime:action:)`; a scheduler implements it only to make timers
  /// cheaper (the virtual-time schedulers do, to avoid generic code on every timer).
  func scheduleRelative(after dueTime: RxTimeInterval, action: @escaping () -> Disposable)
    -> Disposable
}

extension SchedulerType {
  /// Runs `action` after `dueTime` through `scheduleRelative(_:dueTime:action:)`.
  public func scheduleRelative(after dueTime: RxTimeInterval, action: @escaping () -> Disposable)
    -> Disposable
  {
    scheduleRelative(action, dueTime: dueTime) { action in action() }
  }
}

extension SchedulerType {
  /// Periodic scheduling built from `scheduleRelative`, for schedulers without a native timer.
  ///
  /// Each tick first schedules the next one, then runs `action`, so the period does not drift
  /// by the time `action` takes. If a tick comes while `action` still runs on another thread,
  /// `action` runs again as soon as it returns, never concurrently.
  public func schedulePeriodic<StateType>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping (StateType) -> StateType
  ) -> Disposable {
    let ticker = PeriodicTicker(scheduler: self, state: state, period: period, action: action)
    // The first tick has a slot of its own: on a concurrent scheduler it may run, and schedule
    // the second into `next`, before this assignment happens.
    ticker.first.setDisposable(
      scheduleRelative(ticker, dueTime: startAfter) { ticker in
        ticker.tick()
        return Disposables.create()
      })
    return ticker
  }
}

/// The state of one `schedulePeriodic` emulated with relative scheduling.
final class PeriodicTicker<StateType>: Disposable, @unchecked Sendable {
  // `state` is touched only by the one thread that moved `pending` from 0 to 1, until it moves it
  // back; `pending` is atomic; the disposables are thread-safe; the rest is immutable.
  private let scheduler: SchedulerType
  private var state: StateType
  private let period: RxTimeInterval
  private let action: (StateType) -> StateType
  private let pending = Atomic<Int>(0)
  let first = SingleAssignmentDisposable()
  let next = SerialDisposable()

  init(
    scheduler: SchedulerType, state: StateType, period: RxTimeInterval,
    action: @escaping (StateType) -> StateType
  ) {
    self.scheduler = scheduler
    self.state = state
    self.period = period
    self.action = action
  }

  func tick() {
    guard !next.isDisposed else { return }
    next.disposable = scheduler.scheduleRelative(self, dueTime: period) { ticker in
      ticker.tick()
      return Disposables.create()
    }
    if pending.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue == 0 { run() }
  }

  private func run() {
    repeat {
      guard !next.isDisposed else { return }
      state = action(state)
    } while pending.wrappingSubtract(1, ordering: .acquiringAndReleasing).oldValue > 1
  }

  func dispose() {
    next.dispose()
    first.dispose()
  }
}

extension ImmediateSchedulerType {
  /// Runs `action` now and again each time it calls the closure it receives, one run at a
  /// time, until the result is disposed. Used by sources that emit step by step.
  ///
  /// Each step is held in a group until it runs, so a step that a concurrent scheduler runs
  /// before `schedule` has even returned cannot be cancelled by the bookkeeping of the step
  /// before it.
  public func scheduleRecursive<State>(
    _ state: State, action: @escaping (_ state: State, _ recurse: (State) -> Void) -> Void
  ) -> Disposable {
    let group = CompositeDisposable()
    let scheduler = self
    func step(_ state: State) {
      let slot = SingleAssignmentDisposable()
      guard let key = group.insert(slot) else { return }
      slot.setDisposable(
        scheduler.schedule(state) { state in
          group.remove(for: key)
          action(state, step)
          return Disposables.create()
        })
    }
    step(state)
    return group
  }
}

extension DispatchTimeInterval {
  /// The interval in seconds, with `.never` as infinity.
  @inlinable package var intervalSeconds: Double {
    switch self {
    case .seconds(let value): return Double(value)
    case .milliseconds(let value): return Double(value) / 1_000
    case .microseconds(let value): return Double(value) / 1_000_000
    case .nanoseconds(let value): return Double(value) / 1_000_000_000
    case .never: return .infinity
    @unknown default: return .infinity
    }
  }
}

extension DispatchTimeInterval {
  /// Whether the interval is zero.
  @usableFromInline var isNow: Bool {
    switch self {
    case .seconds(let value), .milliseconds(let value), .microseconds(let value),
      .nanoseconds(let value):
      return value == 0
    case .never: return false
    @unknown default: return false
    }
  }

  /// Whether the interval is `.never`.
  @usableFromInline package var isNever: Bool {
    if case .never = self { return true }
    return false
  }

  /// The part of this interval left after the time between two dates has passed, never below
  /// zero, in the interval's own unit.
  @usableFromInline func reduceWithSpanBetween(earlierDate: Date, laterDate: Date) -> Self {
    let elapsed = laterDate.timeIntervalSince(earlierDate)
    func reduce(_ value: Int, _ perSecond: Double) -> Int {
      let remainder = Double(value) - elapsed * perSecond
      return remainder > 0 ? Int(remainder.rounded(.toNearestOrAwayFromZero)) : 0
    }
    switch self {
    case .seconds(let value): return .seconds(reduce(value, 1))
    case .milliseconds(let value): return .milliseconds(reduce(value, 1_000))
    case .microseconds(let value): return .microseconds(reduce(value, 1_000_000))
    case .nanoseconds(let value): return .nanoseconds(reduce(value, 1_000_000_000))
    case .never: return .never
    @unknown default: return self
    }
  }
}

extension Date {
  /// The date `interval` after this one; `.never` gives `Date.distantFuture`.
  @usableFromInline func addingDispatchInterval(_ interval: DispatchTimeInterval) -> Date {
    if interval.isNever { return .distantFuture }
    return addingTimeInterval(interval.intervalSeconds)
  }
}
