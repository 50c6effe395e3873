import Synchronization

/// The guard between a sequence and the handlers given to `subscribe`.
///
/// It drops anything after a terminal event or after disposal, disposes the upstream after a
/// terminal event, runs `onDisposed` once (after the terminal event's handler, or after the
/// upstream's disposal when disposed), and counts itself as a live resource.
///
/// The subscriber keeps the subscription (as its `Disposable`), so the subscription does not
/// keep the `onNext`, `onError` and `onCompleted` handlers: `SubscriptionHandlers` does, and
/// only the event closure that `run` receives refers to it, which the upstream drops when the
/// subscription ends; `onDisposed` is dropped once it ran. Ending a subscription therefore
/// frees its handlers and what they capture, as in RxSwift, even while the subscriber keeps
/// the disposable: an object that stores its subscription and is captured by the handlers is
/// not kept alive by that cycle.
@usableFromInline
final class Subscription<Element>: Lifetime, Disposable, @unchecked Sendable {
  // `upstream` is written once, before the `assigned` bit is published with release ordering,
  // and read only after that bit is seen with acquire ordering. `onDisposed` is read and
  // cleared only by the one `dispose` call that sets the disposed bit. `state` is atomic.
  @usableFromInline let counter: ResourceTally?
  @exclusivity(unchecked) @usableFromInline var onDisposed: (() -> Void)?
  @exclusivity(unchecked) @usableFromInline var upstream: Disposable?

  @inlinable init(onDisposed: (() -> Void)?) {
    self.onDisposed = onDisposed
    counter = ResourceTotals.acquire()
    super.init(parent: nil)
  }

  /// Forwards `event` to the handlers, which `SubscriptionHandlers` holds.
  @inlinable func forward(
    _ event: Event<Element>, _ onNext: ((Element) -> Void)?,
    _ onError: ((Swift.Error) -> Void)?, _ onCompleted: (() -> Void)?
  ) {
    switch event {
    case .next(let value):
      if state.load(ordering: .acquiring) & (Lifetime.disposedBit | Lifetime.stoppedBit) == 0 {
        onNext?(value)
      }
    case .error(let error):
      guard stop() else { return }
      onError?(error)
      dispose(onDisposedFirst: true)
    case .completed:
      guard stop() else { return }
      onCompleted?()
      dispose(onDisposedFirst: true)
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
    dispose(onDisposedFirst: false)
  }

  /// Disposes the upstream and runs `onDisposed`, once. As in RxSwift, a terminal event runs
  /// `onDisposed` right after its handler, before the sequence's own disposal (its
  /// `do(onDispose:)` handlers, a `using` resource), and a `dispose()` call runs it after.
  @inlinable func dispose(onDisposedFirst: Bool) {
    let old = state.bitwiseOr(Lifetime.disposedBit, ordering: .acquiringAndReleasing).oldValue
    guard old & Lifetime.disposedBit == 0 else { return }
    ResourceTotals.release(counter)
    let onDisposed = self.onDisposed
    self.onDisposed = nil
    if onDisposedFirst { onDisposed?() }
    // `release(upstream:)` owns `upstream` once it set `releasedBit`.
    if old & (Lifetime.assignedBit | Lifetime.releasedBit) == Lifetime.assignedBit, let upstream {
      self.upstream = nil
      upstream.dispose()
    }
    if !onDisposedFirst { onDisposed?() }
  }

  /// Lets go of `candidate` if it is `upstream`, without disposing it (see `Lifetime`).
  ///
  /// It claims `upstream` with `releasedBit`, which `dispose` leaves it to, as the call that
  /// sets `disposedBit` claims it otherwise; if `upstream` is something else (a disposable
  /// that wraps `candidate`), it hands it back, and disposes it itself if a `dispose` call
  /// came meanwhile and left it alone.
  @usableFromInline override func release(upstream candidate: AnyObject) {
    let claimed = Lifetime.assignedBit | Lifetime.disposedBit | Lifetime.releasedBit
    var state = self.state.load(ordering: .acquiring)
    while true {
      guard state & claimed == Lifetime.assignedBit else { return }
      let (exchanged, original) = self.state.compareExchange(
        expected: state, desired: state | Lifetime.releasedBit, ordering: .acquiringAndReleasing)
      if exchanged { break }
      state = original
    }
    let held = upstream
    if let held, held as AnyObject === candidate {
      upstream = nil
      return
    }
    let old = self.state.bitwiseAnd(~Lifetime.releasedBit, ordering: .acquiringAndReleasing)
      .oldValue
    if old & Lifetime.disposedBit != 0 {
      upstream = nil
      held?.dispose()
    }
  }
}

/// The handlers of one subscription, held by the event closure that `run` receives and by
/// nothing the subscriber keeps; see `Subscription`.
@usableFromInline
final class SubscriptionHandlers<Element>: @unchecked Sendable {  // immutable
  @usableFromInline let subscription: Subscription<Element>
  @usableFromInline let onNext: ((Element) -> Void)?
  @usableFromInline let onError: ((Swift.Error) -> Void)?
  @usableFromInline let onCompleted: (() -> Void)?

  @inlinable init(
    _ subscription: Subscription<Element>, onNext: ((Element) -> Void)?,
    onError: ((Swift.Error) -> Void)?, onCompleted: (() -> Void)?
  ) {
    self.subscription = subscription
    self.onNext = onNext
    self.onError = onError
    self.onCompleted = onCompleted
  }

  /// Forwards `event` through the subscription's guard.
  @inlinable func on(_ event: Event<Element>) {
    subscription.forward(event, onNext, onError, onCompleted)
  }
}
