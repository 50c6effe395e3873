extension ObservableType {
  /// Mirrors this sequence; if it fails, continues with the sequence `handler` returns for the
  /// error.
  ///
  /// Elements and completion of this sequence pass through. After an error, the handler's
  /// sequence is subscribed and mirrored to its end (its own errors are not caught); an error
  /// thrown by `handler` ends the result with that error. Disposing the result disposes
  /// whichever sequence is running.
  @inlinable
  public func `catch`(_ handler: @escaping (Swift.Error) throws -> Observable<Element>)
    -> Observable<Element>
  {
    Producer((asObservable(), handler)) { payload, sink, lifetime in
      let (source, handler) = payload
      let handoff = Handoff(lifetime)
      let first = handoff.first
      first.setDisposable(
        source.run(
          { event in
            guard first.isActive else { return }
            guard case .error(let error) = event else {
              sink(event)
              return
            }
            first.dispose()
            let next: Observable<Element>
            do { next = try handler(error) } catch {
              sink(.error(error))
              return
            }
            handoff.switchTo(next, sink)
          }, first))
      return handoff
    }
  }

  /// Mirrors this sequence; if it fails, emits `element` and completes.
  @inlinable
  public func catchAndReturn(_ element: Element) -> Observable<Element> {
    Producer((asObservable(), element)) { payload, sink, lifetime in
      payload.0.run(
        { event in
          guard case .error = event else {
            sink(event)
            return
          }
          sink(.next(payload.1))
          sink(.completed)
        }, lifetime)
    }
  }

  /// Mirrors the sources of `sequence` in turn, moving to the next one each time one fails,
  /// until one completes.
  ///
  /// Fails with the last error if every source failed; an empty sequence completes at once.
  /// Sources that fail synchronously are chained in a loop, not by recursion. Disposing the
  /// result disposes the running source.
  @inlinable
  public static func `catch`<Sequence: Swift.Sequence>(sequence: Sequence) -> Observable<Element>
  where Sequence.Element == Observable<Element> {
    Producer(sequence) { sequence, sink, lifetime in
      let chain = SourceChain(sequence.makeIterator(), advancesOnError: true, sink, lifetime)
      chain.advance()
      return chain
    }
  }
}

/// The subscription of an operator that mirrors a first source, then at most one other:
/// `catch`, `ifEmpty(switchTo:)`.
@usableFromInline
final class Handoff: Disposable, @unchecked Sendable {
  // `second` and `disposed` are guarded by `lock`; `first` is immutable.
  @usableFromInline let lock = Lock()
  @usableFromInline let lifetime: Lifetime
  @usableFromInline let first: InnerSubscription
  @exclusivity(unchecked) @usableFromInline var second: Disposable?
  @exclusivity(unchecked) @usableFromInline var disposed = false

  @inlinable init(_ lifetime: Lifetime) {
    self.lifetime = lifetime
    first = InnerSubscription(parent: lifetime)
  }

  /// Subscribes `next` in the downstream's lifetime, as the last source.
  @inlinable func switchTo<Element>(
    _ next: Observable<Element>, _ sink: @escaping EventSink<Element>
  ) {
    let subscription = next.runOnTrampoline(sink, lifetime)
    lock.lock()
    if disposed {
      lock.unlock()
      subscription.dispose()
      return
    }
    second = subscription
    lock.unlock()
  }

  @inlinable func dispose() {
    lock.lock()
    disposed = true
    let second = self.second
    self.second = nil
    lock.unlock()
    first.dispose()
    second?.dispose()
  }
}
