/// The shared part of operators with a fixed set of sources (`combineLatest`, `zip`,
/// `withLatestFrom`, `take(until:)`, `skip(until:)`, `amb`): one `InnerSubscription` per
/// source, a recursive lock that serialises every source's events, and the operator's own
/// state in `state`.
///
/// Handlers run, and forward, while holding the lock, so a downstream observer that feeds one of
/// the sources re-enters on the same thread instead of deadlocking. `stop(_:)` forwards the
/// terminal event once and disposes every source.
@usableFromInline
final class GroupSink<Element, State>: Disposable, @unchecked Sendable {
  // Mutable state guarded by `lock`.
  @usableFromInline let lock = Lock(recursive: true)
  @usableFromInline let sink: EventSink<Element>
  @usableFromInline let inners: [InnerSubscription]
  @exclusivity(unchecked) @usableFromInline var state: State
  @exclusivity(unchecked) @usableFromInline var stopped = false

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
          self.lock.unlock()
        }, inner))
  }

  /// Forwards an element. Call with the lock held.
  @inlinable func forward(_ element: Element) {
    sink(.next(element))
  }

  /// Forwards a terminal event, once, and disposes every source. Call with the lock held.
  @inlinable func stop(_ event: Event<Element>) {
    if stopped { return }
    stopped = true
    sink(event)
    dispose()
  }

  /// Ends source number `index` (after its terminal event, or when it is no longer needed).
  @inlinable func finish(_ index: Int) {
    inners[index].dispose()
  }

  @inlinable func dispose() {
    lock.lock()
    stopped = true
    lock.unlock()
    for inner in inners { inner.dispose() }
  }
}
