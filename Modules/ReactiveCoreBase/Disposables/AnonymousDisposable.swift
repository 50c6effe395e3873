/// Runs a closure once, the first time it is disposed, on the thread that disposes it.
final class AnonymousDisposable: Cancelable, @unchecked Sendable {  // `action` guarded by `lock`
  private let lock = Lock()
  private var action: (() -> Void)?

  init(_ action: @escaping () -> Void) {
    self.action = action
  }

  var isDisposed: Bool { lock.withLock { action == nil } }

  func dispose() {
    let action = lock.withLock { () -> (() -> Void)? in
      defer { self.action = nil }
      return self.action
    }
    action?()
  }
}
