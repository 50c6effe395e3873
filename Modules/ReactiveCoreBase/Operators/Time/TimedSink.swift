import Synchronization

/// The per-subscription state of an operator that combines its upstream with timers (or with a
/// second source): a recursive lock that serialises the two, the downstream sink, and the
/// disposables released when the operator stops.
///
/// Subclasses keep their mutable state under `lock` and call `forward` while holding it (or, as
/// `delay` does, from a drain that a flag of theirs keeps to one thread at a time), so a
/// downstream observer that feeds the upstream again re-enters on the same thread instead of
/// deadlocking. After a terminal event or disposal nothing more is forwarded. `dispose()` takes
/// no lock, so it never waits for a delivery in progress on another thread.
@usableFromInline
class TimedSink<Element>: TimerTarget, Disposable, @unchecked Sendable {
  // Subclass state is guarded by `lock`; `finished` is atomic; the disposables are thread-safe;
  // `sink` is immutable.
  @usableFromInline let lock = Lock(recursive: true)
  @usableFromInline let sink: EventSink<Element>
  @usableFromInline let upstream = SingleAssignmentDisposable()
  @usableFromInline let timer = TimerSlot()

  @inlinable init(_ sink: @escaping EventSink<Element>) {
    self.sink = sink
    super.init()
  }

  /// Whether a terminal event was forwarded or the subscription was disposed.
  @inlinable final var isFinished: Bool { finished.load(ordering: .acquiring) }

  /// Sends `event` downstream unless finished; a terminal event finishes the operator and
  /// releases its resources. Call with `lock` held, or where the subclass otherwise makes sure
  /// that one call runs at a time.
  @inlinable final func forward(_ event: Event<Element>) {
    guard !isFinished else { return }
    if event.isStopEvent {
      finished.store(true, ordering: .releasing)
      sink(event)
      releaseResources()
    } else {
      sink(event)
    }
  }

  /// Stops delivery and releases the upstream subscription and the timers.
  @inlinable func dispose() {
    finished.store(true, ordering: .releasing)
    releaseResources()
  }

  /// Releases the upstream subscription and the timers; subclasses release more.
  @inlinable func releaseResources() {
    upstream.dispose()
    timer.dispose()
  }
}

/// Something a timer calls back with the number it was armed with.
///
/// Operators arm a timer with a closure formed in their own (specialised) code that calls their
/// `timerFired(_:)` directly; the base class only holds what every sink shares.
@usableFromInline
class TimerTarget: @unchecked Sendable {
  // `finished` is atomic.
  /// Set once the sink forwarded a terminal event or was disposed.
  @usableFromInline let finished = Atomic<Bool>(false)

  @inlinable init() {}

  /// Called on the scheduler when the timer armed with `id` fires.
  @inlinable func timerFired(_ id: UInt64) {}
}

/// Holds the pending timer of a `TimedSink`: setting a new one disposes the previous one, and
/// after `dispose()` every new one is disposed at once. A leaner `SerialDisposable`.
@usableFromInline
final class TimerSlot: Disposable, @unchecked Sendable {
  // `current` and `disposed` are guarded by `lock`, which is never held while disposing.
  @usableFromInline let lock = Lock()
  @usableFromInline @exclusivity(unchecked) var current: Disposable?
  @usableFromInline @exclusivity(unchecked) var disposed = false

  @inlinable init() {}

  /// The pending timer; setting it disposes the previous one.
  @inlinable var disposable: Disposable {
    get { fatalError("TimerSlot.disposable is write-only") }
    set {
      lock.lock()
      if disposed {
        lock.unlock()
        newValue.dispose()
        return
      }
      let previous = current
      current = newValue
      lock.unlock()
      previous?.dispose()
    }
  }

  @inlinable func dispose() {
    lock.lock()
    let previous = current
    current = nil
    disposed = true
    lock.unlock()
    previous?.dispose()
  }
}
