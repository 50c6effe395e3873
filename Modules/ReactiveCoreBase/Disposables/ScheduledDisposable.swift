import Synchronization

/// Disposes a disposable on a scheduler: `dispose()` schedules the disposal instead of doing it
/// on the calling thread. `subscribe(on:)` uses it so that unsubscribing happens where
/// subscribing did.
public final class ScheduledDisposable: Cancelable, @unchecked Sendable {
  // `scheduler` and `disposable` are immutable; `disposed` is atomic.
  /// The scheduler the disposal runs on.
  public let scheduler: ImmediateSchedulerType
  private let disposable: Disposable
  private let disposed = Atomic<Bool>(false)

  /// Wraps `disposable`, to be disposed on `scheduler`.
  public init(scheduler: ImmediateSchedulerType, disposable: Disposable) {
    self.scheduler = scheduler
    self.disposable = disposable
  }

  /// Whether `dispose()` has been called.
  public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

  /// Schedules the disposal of the wrapped disposable.
  public func dispose() {
    guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    _ = scheduler.schedule(disposable) { disposable in
      disposable.dispose()
      return Disposables.create()
    }
  }
}
