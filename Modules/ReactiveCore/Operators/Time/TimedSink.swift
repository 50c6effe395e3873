import Synchronization

/// The per-subscription state of an operator that combines its upstream with timers (or with a
/// second source): a recursive lock that serialises the two, the downstream sink, and the
/// disposables released when the operator stops.
///
/// Subclasses keep their mutable state under `lock` and call `forward` while holding it, so a
/// downstream observer that feeds the upstream again re-enters on the same thread instead of
/// deadlocking. After a terminal event or disposal nothing more is forwarded.
class TimedSink<Element>: Disposable, @unchecked Sendable {
  // Subclass state is guarded by `lock`; `finished` is atomic; the disposables are thread-safe;
  // `sink` is immutable.
  let lock = Lock(recursive: true)
  let sink: EventSink<Element>
  let upstream = SingleAssignmentDisposable()
  let timer = SerialDisposable()
  private let finished = Atomic<Bool>(false)

  init(_ sink: @escaping EventSink<Element>) {
    self.sink = sink
  }

  /// Whether a terminal event was forwarded or the subscription was disposed.
  final var isFinished: Bool { finished.load(ordering: .acquiring) }

  /// Sends `event` downstream unless finished; a terminal event finishes the operator and
  /// releases its resources. Call with `lock` held.
  final func forward(_ event: Event<Element>) {
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
  func dispose() {
    finished.store(true, ordering: .releasing)
    releaseResources()
  }

  /// Releases the upstream subscription and the timers; subclasses release more.
  func releaseResources() {
    upstream.dispose()
    timer.dispose()
  }
}
