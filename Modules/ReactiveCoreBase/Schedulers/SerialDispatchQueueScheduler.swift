import Dispatch
import Foundation

/// Runs work on a serial dispatch queue: one action at a time, in the order scheduled.
///
/// Use it to move work off the main queue while keeping it ordered. `observe(on:)` with this
/// scheduler delivers the events on the queue, in order.
public class SerialDispatchQueueScheduler: SchedulerType, @unchecked Sendable {
  // Immutable after init.
  /// The type of `now`.
  public typealias Time = Date
  /// The type of intervals in seconds.
  public typealias TimeInterval = Foundation.TimeInterval

  let configuration: DispatchQueueConfiguration

  /// The wall-clock time.
  public var now: Date { Date() }

  /// Runs work on `serialQueue` itself, which must be serial.
  init(serialQueue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
    configuration = DispatchQueueConfiguration(queue: serialQueue, leeway: leeway)
  }

  /// Creates a new serial queue named `internalSerialQueueName`, passes it to
  /// `serialQueueConfiguration` for further setup, and runs work on it.
  public convenience init(
    internalSerialQueueName: String,
    serialQueueConfiguration: ((DispatchQueue) -> Void)? = nil,
    leeway: DispatchTimeInterval = .nanoseconds(0)
  ) {
    let queue = DispatchQueue(label: internalSerialQueueName, attributes: [])
    serialQueueConfiguration?(queue)
    self.init(serialQueue: queue, leeway: leeway)
  }

  /// Runs work on a new serial queue that targets `queue` (which may be concurrent).
  public convenience init(
    queue: DispatchQueue, internalSerialQueueName: String,
    leeway: DispatchTimeInterval = .nanoseconds(0)
  ) {
    let serialQueue = DispatchQueue(label: internalSerialQueueName, attributes: [], target: queue)
    self.init(serialQueue: serialQueue, leeway: leeway)
  }

  /// Runs work on a new serial queue that targets the global queue of quality of service `qos`.
  public convenience init(
    qos: DispatchQoS, internalSerialQueueName: String = "rx.global_dispatch_queue.serial",
    leeway: DispatchTimeInterval = .nanoseconds(0)
  ) {
    self.init(
      queue: DispatchQueue.global(qos: qos.qosClass),
      internalSerialQueueName: internalSerialQueueName,
      leeway: leeway)
  }

  /// Runs `action` on the queue, after the work scheduled before it.
  public final func schedule<StateType>(
    _ state: StateType, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    scheduleInternal(state, action: action)
  }

  /// Runs `work` on the queue, after what was scheduled before it.
  @usableFromInline final func enqueue(_ work: @escaping @Sendable () -> Void) {
    configuration.queue.async(execute: work)
  }

  func scheduleInternal<StateType>(
    _ state: StateType, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    configuration.schedule(state, action: action)
  }

  /// Runs `action` on the queue after `dueTime`.
  public final func scheduleRelative<StateType>(
    _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    configuration.scheduleRelative(state, dueTime: dueTime, action: action)
  }

  /// Runs `action` on the queue after `startAfter`, then every `period`, with a dispatch timer.
  public func schedulePeriodic<StateType>(
    _ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval,
    action: @escaping (StateType) -> StateType
  ) -> Disposable {
    configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
  }
}
