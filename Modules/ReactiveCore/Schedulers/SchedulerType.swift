import Dispatch
import Foundation

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
}

extension SchedulerType {
  /// Periodic scheduling built from `scheduleRelative`, for schedulers without a native timer.
  public func schedulePeriodic<StateType>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping (StateType) -> StateType
  ) -> Disposable {
    let serial = SerialDisposable()
    let scheduler = self
    func tick(_ state: StateType, after delay: RxTimeInterval) {
      serial.disposable = scheduler.scheduleRelative(state, dueTime: delay) { state in
        tick(action(state), after: period)
        return Disposables.create()
      }
    }
    tick(state, after: startAfter)
    return serial
  }
}

extension ImmediateSchedulerType {
  /// Runs `action` now and again each time it calls the closure it receives, one run at a
  /// time, until the result is disposed. Used by sources that emit step by step.
  public func scheduleRecursive<State>(
    _ state: State, action: @escaping (_ state: State, _ recurse: (State) -> Void) -> Void
  ) -> Disposable {
    let serial = SerialDisposable()
    let scheduler = self
    func step(_ state: State) {
      guard !serial.isDisposed else { return }
      serial.disposable = scheduler.schedule(state) { state in
        action(state, step)
        return Disposables.create()
      }
    }
    step(state)
    return serial
  }
}

extension DispatchTimeInterval {
  /// The interval in seconds, with `.never` as infinity.
  @inlinable public var seconds: Double {
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
