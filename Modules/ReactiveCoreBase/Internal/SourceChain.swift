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
/// up, so 100,000 synchronous sources take constant stack depth.
///
/// As in `MergeSink`, `lock` (recursive) serialises the deliveries, elements are forwarded
/// while holding it, and it guards `stopped`; the terminal event is decided under it and sent
/// after releasing it. `stateLock` guards the bookkeeping (`current`, `lastError`, `looping`,
/// `pending`, `closed`) and is never held while calling out; `dispose()` takes only that one.
/// The iterator belongs to the thread that runs the loop (`looping`), which calls it without a
/// lock.
@usableFromInline
final class SourceChain<Element, Iterator: IteratorProtocol>: Disposable, @unchecked Sendable
where Iterator.Element == Observable<Element> {
  // `stopped` is guarded by `lock`; `current`, `lastError`, `looping`, `pending` and `closed`
  // by `stateLock`; `iterator` by the `looping` flag.
  @usableFromInline let lock = Lock(recursive: true)
  @usableFromInline let stateLock = Lock()
  @usableFromInline let sink: EventSink<Element>
  @usableFromInline let lifetime: Lifetime
  @usableFromInline let advancesOnError: Bool
  @exclusivity(unchecked) @usableFromInline var iterator: Iterator
  @exclusivity(unchecked) @usableFromInline var current: InnerSubscription?
  @exclusivity(unchecked) @usableFromInline var lastError: Swift.Error?
  @exclusivity(unchecked) @usableFromInline var looping = false
  @exclusivity(unchecked) @usableFromInline var pending = false
  /// Set when the chain ended or was disposed: no source starts any more.
  @exclusivity(unchecked) @usableFromInline var closed = false
  /// Set once the terminal event is decided.
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
    stateLock.lock()
    if looping {
      pending = true
      stateLock.unlock()
      return
    }
    looping = true
    var exhausted = false
    while true {
      pending = false
      if closed || lifetime.isEnded { break }
      stateLock.unlock()
      let next = iterator.next()
      stateLock.lock()
      guard let source = next else {
        exhausted = !closed
        break
      }
      if closed { break }
      let inner = InnerSubscription(parent: lifetime, owner: self)
      // The source that ended is disposed just before the next one is subscribed, as in
      // RxSwift; the last one, once the chain's terminal event was sent.
      let previous = current
      current = inner
      stateLock.unlock()
      previous?.dispose()
      inner.setDisposable(
        source.runOnTrampoline(
          { event in inner.withOwner(as: SourceChain.self) { $0.on(event, from: inner) } }, inner))
      stateLock.lock()
      if !pending { break }
    }
    looping = false
    let lastError = self.lastError
    stateLock.unlock()
    if exhausted {
      if advancesOnError, let lastError {
        end(.error(lastError))
      } else {
        end(.completed)
      }
    }
  }

  @inlinable func on(_ event: Event<Element>, from inner: InnerSubscription) {
    switch event {
    case .next:
      lock.lock()
      if !stopped && inner.isActive { sink(event) }
      lock.unlock()
    case .error(let error):
      guard inner.finish() else { return }
      if advancesOnError {
        stateLock.lock()
        lastError = error
        stateLock.unlock()
        advance()
      } else {
        end(event)
      }
    case .completed:
      guard inner.finish() else { return }
      if advancesOnError {
        end(event)
      } else {
        advance()
      }
    }
  }

  /// Sends the terminal `event`, once, after deciding it under `lock` and releasing it, then
  /// disposes the chain.
  @inlinable func end(_ event: Event<Element>) {
    lock.lock()
    if stopped {
      lock.unlock()
      return
    }
    stopped = true
    lock.unlock()
    sink(event)
    dispose()
  }

  /// Ends the chain without waiting for a delivery in progress on another thread: only
  /// `stateLock` is taken, and released before the current source is disposed.
  @inlinable func dispose() {
    stateLock.lock()
    closed = true
    let current = self.current
    self.current = nil
    stateLock.unlock()
    current?.deactivate()
    current?.dispose()
  }
}
