import Synchronization

/// The guard between a sequence and the handlers given to `subscribe`.
///
/// It drops anything after a terminal event or after disposal, disposes the upstream after a
/// terminal event, runs `onDisposed` once, and counts itself as a live resource. It holds the
/// subscriber's handlers itself, so a subscription costs no closure beyond the one `run` gets.
@usableFromInline
final class Subscription<Element>: Lifetime, Disposable, @unchecked Sendable {
  // `upstream` is written once, before the `assigned` bit is published with release ordering,
  // and read only after that bit is seen with acquire ordering. The handlers are immutable.
  // `state` is atomic.
  // Optional, as `subscribe` receives them, so that storing them needs no conversion.
  @usableFromInline let onNext: ((Element) -> Void)?
  @usableFromInline let onError: ((Swift.Error) -> Void)?
  @usableFromInline let onCompleted: (() -> Void)?
  @usableFromInline let onDisposed: (() -> Void)?
  @usableFromInline let counter: ResourceCounter?
  @exclusivity(unchecked) @usableFromInline var upstream: Disposable?

  @inlinable init(
    onNext: ((Element) -> Void)?, onError: ((Swift.Error) -> Void)?,
    onCompleted: (() -> Void)?, onDisposed: (() -> Void)?
  ) {
    self.onNext = onNext
    self.onError = onError
    self.onCompleted = onCompleted
    self.onDisposed = onDisposed
    counter = Resources.acquire()
    super.init(parent: nil)
  }

  @inlinable func forward(_ event: Event<Element>) {
    switch event {
    case .next(let value):
      if state.load(ordering: .acquiring) & (Lifetime.disposedBit | Lifetime.stoppedBit) == 0 {
        onNext?(value)
      }
    case .error(let error):
      guard stop() else { return }
      onError?(error)
      dispose()
    case .completed:
      guard stop() else { return }
      onCompleted?()
      dispose()
    }
  }

  /// Marks the subscription stopped; returns whether it was still running.
  @inlinable func stop() -> Bool {
    let old = state.bitwiseOr(Lifetime.stoppedBit, ordering: .acquiringAndReleasing).oldValue
    return old & (Lifetime.disposedBit | Lifetime.stoppedBit) == 0
  }

  @inlinable func setUpstream(_ disposable: Disposable) {
    if disposable.isNop {
      // Nothing to dispose later: skip storing it.
      state.bitwiseOr(Lifetime.assignedBit, ordering: .acquiringAndReleasing)
      return
    }
    upstream = disposable
    let old = state.bitwiseOr(Lifetime.assignedBit, ordering: .acquiringAndReleasing).oldValue
    if old & Lifetime.disposedBit != 0 {
      upstream = nil
      disposable.dispose()
    }
  }

  @inlinable func dispose() {
    let old = state.bitwiseOr(Lifetime.disposedBit, ordering: .acquiringAndReleasing).oldValue
    guard old & Lifetime.disposedBit == 0 else { return }
    if old & Lifetime.assignedBit != 0, let upstream {
      self.upstream = nil
      upstream.dispose()
    }
    Resources.release(counter)
    onDisposed?()
  }
}
