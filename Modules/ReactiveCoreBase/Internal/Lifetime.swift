import Synchronization

/// Tells a running subscription whether its consumer is done with it.
///
/// Every `run` receives one. Sources that emit in a loop (`of`, `from`, `range`, …) check
/// `isEnded` before each element, so `take(2)` on a long or endless synchronous source stops
/// it after two elements. The final subscription guard is the root lifetime; an operator that
/// subscribes to an inner source (`concat`, `flatMap`, `catch`, `retry`, …) gives it a child
/// lifetime and ends the child when it receives the inner's terminal event or disposes it. A
/// child is ended when its parent is.
@usableFromInline
class Lifetime: @unchecked Sendable {  // `state` is atomic; `parent` is immutable
  /// Set once the disposable of the subscription this lifetime belongs to has been stored.
  @usableFromInline static var assignedBit: Int { 1 }
  /// Set when the subscription is disposed.
  @usableFromInline static var disposedBit: Int { 2 }
  /// Set when the subscription received or sent its terminal event.
  @usableFromInline static var stoppedBit: Int { 4 }
  /// Set when the subscription let go of its upstream without disposing it (see
  /// `release(upstream:)`); `InnerSubscription` uses 8 for a bit of its own.
  @usableFromInline static var releasedBit: Int { 16 }

  @usableFromInline let state = Atomic<Int>(0)
  @usableFromInline let parent: Lifetime?

  /// Creates a lifetime that ends with `parent` or when `end()` is called.
  @inlinable init(parent: Lifetime?) {
    self.parent = parent
  }

  /// Whether the consumer no longer wants events.
  @inlinable final var isEnded: Bool {
    if state.load(ordering: .relaxed) & (Self.disposedBit | Self.stoppedBit) != 0 { return true }
    return parent?.isEnded ?? false
  }

  /// Marks the lifetime as ended.
  @inlinable final func end() {
    state.bitwiseOr(Self.stoppedBit, ordering: .relaxed)
  }

  /// Lets go of `upstream` if it is the disposable that the subscription this lifetime belongs
  /// to holds, without disposing it and without ending the subscription: for an upstream that
  /// stopped on its own and will never send anything again, without a terminal event that
  /// would end the subscription (the observer of a subject that was freed, `skip(until:)` whose
  /// source completed first). The upstream usually holds the event closure, and with it the
  /// handlers, which hold the subscription: letting go of it breaks that cycle, so that the
  /// handlers are freed as in RxSwift, where nothing but the source holds the observer, and the
  /// subscription too if the subscriber dropped it. Disposing the subscription later still
  /// runs `onDisposed`.
  ///
  /// Only the lifetimes that hold their upstream themselves do something: the root
  /// subscription. Elsewhere the upstream stays held until the subscription ends.
  @usableFromInline func release(upstream: AnyObject) {}
}
