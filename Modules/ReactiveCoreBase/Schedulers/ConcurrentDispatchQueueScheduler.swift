import Dispatch
import Foundation

/// Runs work on a dispatch queue that may run several actions at once.
///
/// Good for background work (`subscribe(on:)`, timers, `delay`); `observe(on:)` with it still
/// delivers one event at a time, in order.
public final class ConcurrentDispatchQueueScheduler: SchedulerType, @unchecked Sendable {
  // Immutable.
  /// The type of `now`.
  public typealias Time = Date
  /// The type of intervals in seconds.
  public typealias TimeInterval = Foundation.TimeInterval

  private let configuration: DispatchQueueConfiguration

  /// The wall-clock time.
  public var now: Date { Date() }

  /// Runs work on `queue`.
  public init(queue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
    configuration = DispatchQueueConfiguration(queue: queue, leeway: leeway)
  }

  /// Runs work on a new concurrent queue of quality of service `qos`.
  public convenience init(qos: DispatchQoS, leeway: DispatchTimeInterval = .nanoseconds(0)) {
    self.init(
      queue: DispatchQueue(
        label: "rx.global_dispatch_queue.concurrent.\(qos.qosClass)", qos: qos,
        attributes: [.concurrent]),
      leeway: leeway)
  }

  /// Runs `action` on the queue.
  public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable)
    -> Disposable
  {
    configuration.schedule(state, action: action)
  }

  /// Runs `action` on the queue after `dueTime`.
  public func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    configuration.scheduleRelative(state, dueTime: dueTime, action: action)
  }

  /// Runs `action` on the queue after `startAfter`, then every `period`.
  public func schedulePeriodic<StateType>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping (StateType) -> StateType
  ) -> Disposable {
    configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
  }
}
