import Dispatch
import Foundation
import Synchronization

/// Runs work on the main queue: the scheduler of everything that touches the user interface.
///
/// `schedule` runs the action at once when called on the main queue while no other action of
/// the same scheduler instance runs or waits there; otherwise it enqueues it with
/// `DispatchQueue.main.async`, so an action scheduled from inside an action, or behind one still
/// waiting, runs after it, in order. `asyncInstance` always enqueues.
///
/// As in RxSwift, the count of running and waiting actions belongs to the instance:
/// `MainScheduler.instance` shares one count among its users, and each `MainScheduler()` (such
/// as the one `SharingScheduler.make()` gives every `Driver` and `Signal`) has its own.
///
/// "On the main queue" is decided with a queue-specific key, not `Thread.isMainThread`: on Linux,
/// main-queue work can run on another thread (under `dispatchMain()`, and in Swift Testing
/// `@MainActor` tests), where `Thread.isMainThread` is false although the work is serialised
/// with everything else on the main queue.
public final class MainScheduler: SerialDispatchQueueScheduler, @unchecked Sendable {
  // Immutable but for the atomic count.
  /// This instance's actions that run or wait on the main queue right now.
  @usableFromInline let numberEnqueued = Atomic<Int>(0)

  /// Creates a scheduler for the main queue; prefer `instance`.
  public init() {
    super.init(serialQueue: .main)
  }

  /// The main-queue scheduler that runs work at once when already on the main queue.
  public static let instance = MainScheduler()

  /// A main-queue scheduler that always enqueues, even when called on the main queue.
  public static let asyncInstance = SerialDispatchQueueScheduler(serialQueue: .main)

  /// Whether the caller runs on the main queue (true on the main thread outside any queue, too).
  @usableFromInline package static var isMainQueueCurrent: Bool {
    DispatchQueue.getSpecific(key: mainQueueKey) != nil
  }

  /// Stops the process with `errorMessage` unless the caller runs on the main queue.
  public static func ensureExecutingOnScheduler(errorMessage: String? = nil) {
    if !isMainQueueCurrent {
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
    if !isMainQueueCurrent {
      fatalError(errorMessage ?? "Running off the main queue.")
    }
  }

  override func scheduleInternal<StateType>(
    _ state: StateType, action: @escaping (StateType) -> Disposable
  ) -> Disposable {
    if runsAtOnce() {
      defer { finishedOne() }
      return action(state)
    }
    let cancel = SingleAssignmentDisposable()
    let work = UncheckedSendable((state, action, self))
    DispatchQueue.main.async {
      let (state, action, scheduler) = work.value
      if !cancel.isDisposed { cancel.setDisposable(action(state)) }
      scheduler.finishedOne()
    }
    return cancel
  }

  /// Counts one more action of this scheduler; returns whether it may run at once, on the
  /// caller's stack (on the main queue, and nothing else of this scheduler runs or waits).
  /// Either way, `finishedOne()` must follow once the action ran (or was skipped).
  @inlinable func runsAtOnce() -> Bool {
    let previous = numberEnqueued.add(1, ordering: .acquiringAndReleasing).oldValue
    return previous == 0 && Self.isMainQueueCurrent
  }

  /// Counts one action of this scheduler as done.
  @inlinable func finishedOne() {
    numberEnqueued.subtract(1, ordering: .acquiringAndReleasing)
  }
}

/// The key whose value is set only on the main queue.
private let mainQueueKey: DispatchSpecificKey<UInt8> = {
  let key = DispatchSpecificKey<UInt8>()
  DispatchQueue.main.setSpecific(key: key, value: 1)
  return key
}()
