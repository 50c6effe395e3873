/// The shared part of operators with a fixed set of sources (`combineLatest`, `zip`,
/// `withLatestFrom`, `take(until:)`, `skip(until:)`, `amb`): one `InnerSubscription` per
/// source, a recursive lock that serialises every source's events, and the operator's own
/// state in `state`.
///
/// Handlers run under the lock and forward elements while holding it, so a downstream observer
/// that feeds one of the sources re-enters on the same thread instead of deadlocking, and the
/// downstream never sees two calls at once. Everything else that calls out waits until the
/// handler returned and the lock is released:
/// - `stop(_:)` decides the terminal event under the lock (nothing is forwarded after it) and
///   deactivates every source; the event is sent, and the sources are disposed, once the lock
///   is released.
/// - `finish(_:)` deactivates one source under the lock; it is disposed once the lock is
///   released.
/// - `dispose()` takes no lock at all: it deactivates and disposes every source through their
///   atomic state, so disposing never waits for a delivery that another thread is making.
@usableFromInline
final class GroupSink<Element, State>: Disposable, @unchecked Sendable {
  // `state`, `stopped`, `terminal` and `hasEnded` are guarded by `lock`; `inners` and `sink`
  // are immutable, and the subscriptions in `inners` are thread-safe.
  @usableFromInline let lock = Lock(recursive: true)
  @usableFromInline let sink: EventSink<Element>
  @usableFromInline let inners: [InnerSubscription]
  @exclusivity(unchecked) @usableFromInline var state: State
  /// Set, under the lock, once the terminal event is decided.
  @exclusivity(unchecked) @usableFromInline var stopped = false
  /// The terminal event decided under the lock, sent once the lock is released.
  @exclusivity(unchecked) @usableFromInline var terminal: Event<Element>?
  /// Whether a handler deactivated sources (or decided the terminal event) that wait to be
  /// disposed (or sent) once the lock is released.
  @exclusivity(unchecked) @usableFromInline var hasEnded = false
  /// An event sent once the lock is released and the ended sources other than `keptSource`
  /// are disposed, as RxSwift orders them: `amb`'s winner's first event, after the losers;
  /// `combineLatest`'s completion, after the source that completed last.
  @exclusivity(unchecked) @usableFromInline var pending: Event<Element>?
  @exclusivity(unchecked) @usableFromInline var keptSource: Int?

  @inlinable
  init(count: Int, state: State, _ sink: @escaping EventSink<Element>, _ lifetime: Lifetime) {
    self.sink = sink
    self.state = state
    var inners: [InnerSubscription] = []
    inners.reserveCapacity(count)
    for _ in 0..<count { inners.append(InnerSubscription(parent: lifetime)) }
    self.inners = inners
  }

  /// Subscribes `source` as source number `index`; `handler` receives its events under the
  /// lock, only while the operator and that source are still running.
  @inlinable func subscribe<Value>(
    _ source: Observable<Value>, at index: Int,
    _ handler: @escaping (GroupSink, Event<Value>) -> Void
  ) {
    let inner = inners[index]
    inner.setDisposable(
      source.run(
        { [self] event in
          self.lock.lock()
          if !self.stopped && inner.isActive { handler(self, event) }
          if _slowPath(self.hasEnded) {
            self.completeEnding()
          } else {
            self.lock.unlock()
          }
        }, inner))
  }

  /// Forwards an element. Call with the lock held.
  @inlinable func forward(_ element: Element) {
    sink(.next(element))
  }

  /// Ends the operator with `event`, once: nothing is forwarded after it. The event is sent,
  /// and every source disposed, when the handler returns and the lock is released. Call with
  /// the lock held.
  @inlinable func stop(_ event: Event<Element>) {
    if stopped { return }
    stopped = true
    terminal = event
    hasEnded = true
    for inner in inners { inner.deactivate() }
  }

  /// Sends `event` once the lock is released and every ended source but `kept` is disposed;
  /// a terminal `event` also ends the operator, as `stop(_:)` does. Call with the lock held.
  @inlinable func send(_ event: Event<Element>, afterDisposingAllBut kept: Int? = nil) {
    if stopped { return }
    if event.isStopEvent {
      stop(event)
      terminal = nil
    }
    pending = event
    keptSource = kept
    hasEnded = true
  }

  /// Ends source number `index` (after its terminal event, or when it is no longer needed):
  /// its events are ignored from now on, and its subscription is disposed when the handler
  /// returns and the lock is released. Call with the lock held.
  @inlinable func finish(_ index: Int) {
    inners[index].deactivate()
    hasEnded = true
  }

  /// Sends the terminal event decided under the lock, if any, and disposes the sources that
  /// were ended, after releasing the lock. Called with the lock held.
  @usableFromInline func completeEnding() {
    hasEnded = false
    let terminal = self.terminal
    self.terminal = nil
    let pending = self.pending
    self.pending = nil
    lock.unlock()
    if let pending {
      for (index, inner) in inners.enumerated() where index != keptSource && !inner.isActive {
        inner.dispose()
      }
      sink(pending)
    }
    if let terminal { sink(terminal) }
    for inner in inners where !inner.isActive { inner.dispose() }
  }

  /// Stops every source and disposes its subscription, without taking the lock: a delivery
  /// that another thread is making finishes, and nothing from any source gets through after.
  @inlinable func dispose() {
    for inner in inners { inner.deactivate() }
    for inner in inners { inner.dispose() }
  }
}
