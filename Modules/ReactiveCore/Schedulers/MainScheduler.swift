import Dispatch
import Foundation
import Synchronization

/// Runs work on the main queue: the scheduler of everything that touches the user interface.
///
/// `MainScheduler.instance.schedule` runs the action at once when called on the main queue and
/// not from inside another action of this scheduler (whether that one ran at once or was
/// enqueued); otherwise it enqueues it with `DispatchQueue.main.async`, so an action scheduled
/// from inside an action runs after it, in order. `asyncInstance` always enqueues.
///
/// "On the main queue" is decided with a queue-specific key, not `Thread.isMainThread`: on Linux,
/// main-queue work can run on another thread (under `dispatchMain()`, and in Swift Testing
/// `@MainActor` tests), where `Thread.isMainThread` is false although the work is serialised
/// with everything else on the main queue.
public final class MainScheduler: SerialDispatchQueueScheduler, @unchecked Sendable {
  // Immutable; the running depth is atomic.
  /// The number of this scheduler's actions running on the main queue right now, inline or
  /// enqueued: only main-queue code changes it.
  private static let runningDepth = Atomic<Int>(0)

  /// Creates a scheduler for the main queue; prefer `instance`.
  public init() {
    super.init(serialQueue: .main)
  }

  /// The main-queue scheduler that runs work at once when already on the main queue.
  public static let instance = MainScheduler()

  /// A main-queue scheduler that always enqueues, even when called on the main queue.
  public static let asyncInstance = SerialDispatchQueueScheduler(serialQueue: .main)

  /// Whether the caller runs on the main queue (true on the main thread outside any queue, too).
  public static var isOnMainQueue: Bool {
    DispatchQueue.getSpecific(key: mainQueueKey) != nil
  }

  /// Stops the process with `errorMessage` unless the caller runs on the main queue.
  public static func ensureExecutingOnScheduler(errorMessage: String? = nil) {
    if !isOnMainQueue {
      fatalError(
        errorMessage
          ?? "Executing off the main queue. Use `MainScheduler.instance.schedule` to run work there."
      )
    }
  }

  /// Stops the process with `errorMessage` unless the caller runs on the main queue.
  ///
  /// Named after RxSwift's main-thread check, but checks the main queue, which is what UI code
  /// needs and what Linux can tell reliably.
  public static func ensureRunningOnMainThread(errorMessage: String? = nil) {
    if !isOnMainQueue {
      fatalError(errorMessage ?? "Running off the main queue.")
    }
  }

  override func scheduleInternal<StateType>(
    _ state: StateType, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    if Self.isOnMainQueue, Self.runningDepth.load(ordering: .relaxed) == 0 {
      return Self.runCounted(state, action)
    }
    return configuration.schedule(state) { state in Self.runCounted(state, action) }
  }

  /// Runs `action` on the main queue, counted as a running action.
  private static func runCounted<StateType>(
    _ state: StateType, _ action: (StateType) -> Disposable
  ) -> Disposable {
    runningDepth.add(1, ordering: .relaxed)
    defer { runningDepth.subtract(1, ordering: .relaxed) }
    return action(state)
  }
}

/// The key whose value is set only on the main queue.
private let mainQueueKey: DispatchSpecificKey<UInt8> = {
  let key = DispatchSpecificKey<UInt8>()
  DispatchQueue.main.setSpecific(key: key, value: 1)
  return key
}()
