/// Disposes its underlying disposable once it was disposed and every `retain()`ed handle
/// was disposed too.
public final class RefCountDisposable: Cancelable, @unchecked Sendable {  // state guarded by `lock`
  private let lock = Lock()
  @exclusivity(unchecked) private var underlying: Disposable?
  private var count = 0
  private var primaryDisposed = false

  /// Wraps `disposable`.
  public init(disposable: Disposable) {
    underlying = disposable
  }

  /// Whether the underlying disposable was disposed.
  public var isDisposed: Bool { lock.withLock { underlying == nil } }

  /// Returns a handle that keeps the underlying disposable alive until it is disposed.
  public func retain() -> Disposable {
    lock.withLock {
      guard underlying != nil else { return Disposables.create() }
      count += 1
      return AnonymousDisposable { [weak self] in self?.release() }
    }
  }

  /// Marks the primary owner as done; disposes now if no handle is left.
  public func dispose() {
    let toDispose = lock.withLock { () -> Disposable? in
      guard let current = underlying, !primaryDisposed else { return nil }
      primaryDisposed = true
      guard count == 0 else { return nil }
      underlying = nil
      return current
    }
    toDispose?.dispose()
  }

  private func release() {
    let toDispose = lock.withLock { () -> Disposable? in
      guard let current = underlying else { return nil }
      count -= 1
      guard count == 0, primaryDisposed else { return nil }
      underlying = nil
      return current
    }
    toDispose?.dispose()
  }
}
