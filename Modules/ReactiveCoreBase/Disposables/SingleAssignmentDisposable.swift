/// Holds one disposable that is set later, exactly once.
///
/// Disposing before the disposable is set disposes it as soon as it is set. Setting it twice
/// is a programming error and stops the process.
public final class SingleAssignmentDisposable: Cancelable, @unchecked Sendable {
  // State guarded by `lock`.
  private let lock = Lock()
  @exclusivity(unchecked) private var current: Disposable?
  @exclusivity(unchecked) private var assigned = false
  @exclusivity(unchecked) private var disposed = false

  /// Creates an empty holder.
  public init() {}

  /// Whether `dispose()` has been called.
  public var isDisposed: Bool { lock.withLock { disposed } }

  /// Sets the held disposable; disposes it at once if this holder is already disposed.
  public func setDisposable(_ disposable: Disposable) {
    let disposeNow = lock.withLock { () -> Bool in
      precondition(!assigned, "SingleAssignmentDisposable.setDisposable called twice")
      assigned = true
      if disposed { return true }
      current = disposable
      return false
    }
    if disposeNow { disposable.dispose() }
  }

  /// Disposes the held disposable, now or when it is set.
  public func dispose() {
    let held = lock.withLock { () -> Disposable? in
      if disposed { return nil }
      disposed = true
      defer { current = nil }
      return current
    }
    held?.dispose()
  }
}
