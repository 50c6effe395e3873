/// Subscribes to the sources of an iterator one after another: the engine of `concat`,
/// `catch(sequence:)` and `retry`.
///
/// A source that ends with the advancing event (`.completed` for `concat`, `.error` for the
/// others) is followed by the next one; the other terminal event is forwarded and ends the
/// chain. When the iterator runs out, the chain completes (or, when it advances on errors and
/// one was seen, fails with the last error).
///
/// A source that ends synchronously inside `run` does not subscribe the next one from within
/// that call: it sets `pending`, and the loop in `advance()` that is already running picks it
/// up, so 100,000 synchronous sources take constant stack depth. The lock is recursive, is held
/// while forwarding, and is released while a source is being subscribed.
@usableFromInline
final class SourceChain<Element, Iterator: IteratorProtocol>: Disposable, @unchecked Sendable
where Iterator.Element == Observable<Element> {
  // Mutable state guarded by `lock`.
  @usableFromInline let lock = Lock(recursive: true)
  @usableFromInline let sink: EventSink<Element>
  @usableFromInline let lifetime: Lifetime
  @usableFromInline let advancesOnError: Bool
  @exclusivity(unchecked) @usableFromInline var iterator: Iterator
  @exclusivity(unchecked) @usableFromInline var current: InnerSubscription?
  @exclusivity(unchecked) @usableFromInline var lastError: Swift.Error?
  @exclusivity(unchecked) @usableFromInline var looping = false
  @exclusivity(unchecked) @usableFromInline var pending = false
  @exclusivity(unchecked) @usableFromInline var stopped = false

  @inlinable
  init(
    _ iterator: Iterator, advancesOnError: Bool, _ sink: @escaping EventSink<Element>,
    _ lifetime: Lifetime
  ) {
    self.iterator = iterator
    self.advancesOnError = advancesOnError
    self.sink = sink
    self.lifetime = lifetime
  }

  /// Subscribes to the next source, or ends the chain when there is none.
  @inlinable func advance() {
    lock.lock()
    if looping {
      pending = true
      lock.unlock()
      return
    }
    looping = true
    while true {
      pending = false
      if stopped || lifetime.isEnded { break }
      guard let source = iterator.next() else {
        stopped = true
        if advancesOnError, let lastError {
          sink(.error(lastError))
        } else {
          sink(.completed)
        }
        break
      }
      let inner = InnerSubscription(parent: lifetime, owner: self)
      current = inner
      lock.unlock()
      inner.setDisposable(
        source.run(
          { event in inner.withOwner(as: SourceChain.self) { $0.on(event, from: inner) } }, inner))
      lock.lock()
      if !pending { break }
    }
    looping = false
    lock.unlock()
  }

  @inlinable func on(_ event: Event<Element>, from inner: InnerSubscription) {
    lock.lock()
    guard !stopped, inner.isActive else {
      lock.unlock()
      return
    }
    switch event {
    case .next:
      sink(event)
      lock.unlock()
    case .error(let error):
      inner.deactivate()
      if advancesOnError {
        lastError = error
        lock.unlock()
        inner.dispose()
        advance()
      } else {
        stopped = true
        sink(event)
        lock.unlock()
        inner.dispose()
      }
    case .completed:
      inner.deactivate()
      if advancesOnError {
        stopped = true
        sink(event)
        lock.unlock()
        inner.dispose()
      } else {
        lock.unlock()
        inner.dispose()
        advance()
      }
    }
  }

  @inlinable func dispose() {
    lock.lock()
    stopped = true
    let current = self.current
    self.current = nil
    lock.unlock()
    current?.dispose()
  }
}
