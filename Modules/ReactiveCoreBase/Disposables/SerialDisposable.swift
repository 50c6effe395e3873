/// Holds one replaceable disposable: setting a new one disposes the previous one.
///
/// After `dispose()`, a newly set disposable is disposed at once.
public final class SerialDisposable: Cancelable, @unchecked Sendable {  // state guarded by `lock`
  private let lock = Lock()
  @exclusivity(unchecked) private var current: Disposable?
  @exclusivity(unchecked) private var disposed = false

  /// Creates an empty holder.
  public init() {}

  /// Whether `dispose()` has been called.
  public var isDisposed: Bool { lock.withLock { disposed } }

  /// The held disposable. Setting it disposes the previous one (or the new one, if this
  /// holder is already disposed).
  public var disposable: Disposable {
    get { lock.withLock { current ?? Disposables.create() } }
    set {
      let old = lock.withLock { () -> Disposable? in
        if disposed { return newValue }
        defer { current = newValue }
        return current
      }
      old?.dispose()
    }
  }

  /// Disposes the held disposable and every later one.
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
