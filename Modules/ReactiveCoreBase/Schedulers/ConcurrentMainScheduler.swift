import Dispatch
import Foundation

/// Runs work on the main queue, at once when already there; suited to `subscribe(on:)`.
///
/// Unlike `MainScheduler.instance` it does not enqueue nested work: every call made on the
/// main queue runs inline.
public final class ConcurrentMainScheduler: SchedulerType, @unchecked Sendable {
  // Immutable.
  /// The type of `now`.
  public typealias Time = Date
  /// The type of intervals in seconds.
  public typealias TimeInterval = Foundation.TimeInterval

  private let configuration = DispatchQueueConfiguration(queue: .main, leeway: .nanoseconds(0))

  private init() {}

  /// The shared instance.
  public static let instance = ConcurrentMainScheduler()

  /// The wall-clock time.
  public var now: Date { Date() }

  /// Runs `action` at once on the main queue, else enqueues it there.
  public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable)
    -> Disposable
  {
    if MainScheduler.isMainQueueCurrent { return action(state) }
    return configuration.schedule(state, action: action)
  }

  /// Runs `action` on the main queue after `dueTime`.
  public func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    configuration.scheduleRelative(state, dueTime: dueTime, action: action)
  }

  /// Runs `action` on the main queue after `startAfter`, then every `period`.
  public func schedulePeriodic<StateType>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping (StateType) -> StateType
  ) -> Disposable {
    configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
  }
}
