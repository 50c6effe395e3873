import Synchronization

/// The guard between a sequence and the observer given to `subscribe`.
///
/// It drops anything after a terminal event or after disposal, disposes the upstream after a
/// terminal event, runs `onDisposed` once, and counts itself as a live resource.
@usableFromInline
final class Subscription<Element>: Lifetime, Disposable, @unchecked Sendable {
  // `upstream` is written once, before the `assigned` bit is published with release ordering,
  // and read only after that bit is seen with acquire ordering. `sink` and `onDisposed` are
  // immutable. `state` is atomic.
  @usableFromInline static var assigned: Int { assignedBit }
  @usableFromInline static var disposed: Int { disposedBit }
  @usableFromInline static var stopped: Int { stoppedBit }

  @usableFromInline let sink: EventSink<Element>
  @usableFromInline let onDisposed: (() -> Void)?
  @usableFromInline let counter: ResourceCounter?
  @usableFromInline var upstream: Disposable?

  @inlinable init(_ sink: @escaping EventSink<Element>, onDisposed: (() -> Void)?) {
    self.sink = sink
    self.onDisposed = onDisposed
    counter = Resources.acquire()
    super.init(parent: nil)
  }

  @inlinable func forward(_ event: Event<Element>) {
    if case .next = event {
      if state.load(ordering: .acquiring) & (Self.disposed | Self.stopped) == 0 { sink(event) }
      return
    }
    let old = state.bitwiseOr(Self.stopped, ordering: .acquiringAndReleasing).oldValue
    guard old & (Self.disposed | Self.stopped) == 0 else { return }
    sink(event)
    dispose()
  }

  @inlinable func setUpstream(_ disposable: Disposable) {
    upstream = disposable
    let old = state.bitwiseOr(Self.assigned, ordering: .acquiringAndReleasing).oldValue
    if old & Self.disposed != 0 {
      upstream = nil
      disposable.dispose()
    }
  }

  @inlinable func dispose() {
    let old = state.bitwiseOr(Self.disposed, ordering: .acquiringAndReleasing).oldValue
    guard old & Self.disposed == 0 else { return }
    if old & Self.assigned != 0, let upstream {
      self.upstream = nil
      upstream.dispose()
    }
    Resources.release(counter)
    onDisposed?()
  }
}
