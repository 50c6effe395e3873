import Synchronization

extension ObservableType {
  /// Projects each element to an inner sequence and mirrors only the most recent one: a new
  /// element disposes the previous inner sequence, whose later events are never delivered.
  ///
  /// The result completes when this sequence completed and the current inner sequence (if
  /// any) completed; an error from this sequence, the current inner sequence or `selector`
  /// ends it. Disposing it disposes this sequence and the current inner sequence.
  @inlinable
  public func flatMapLatest<Source: ObservableConvertibleType>(
    _ selector: @escaping (Element) throws -> Source
  ) -> Observable<Source.Element> {
    Producer(asObservable()) { source, sink, lifetime in
      let switcher = SwitchSink(sink, lifetime)
      return switcher.subscribeOuter(source) { value in
        let inner: Observable<Source.Element>
        do { inner = try selector(value).asObservable() } catch {
          switcher.fail(error)
          return
        }
        switcher.switchTo(inner)
      }
    }
  }
}

extension ObservableType where Element: ObservableConvertibleType {
  /// Mirrors the most recent inner sequence this sequence emitted; a new one disposes the
  /// previous one, whose later events are never delivered.
  ///
  /// Completion, errors and disposal are as for `flatMapLatest`.
  @inlinable
  public func switchLatest() -> Observable<Element.Element> {
    flatMapLatest { $0 }
  }
}

/// The engine of `flatMapLatest` and `switchLatest`: one current inner subscription, replaced
/// by each new inner source. The previous one is deactivated before the new one becomes
/// current, so no event of a stale inner source is forwarded after one of the new source.
///
/// As in `MergeSink`, `lock` (recursive) serialises the deliveries and guards `stopped`, and
/// `stateLock` guards the bookkeeping (`current`, `outer`, `closed`) and is never held while
/// calling out; `dispose()` takes only `stateLock`, so it never waits for a delivery.
///
/// An inner source's completion takes a lock only when it may complete the result (the outer
/// source already completed): the inner subscription marks itself finished and the outer
/// completion reads that mark, both with sequentially consistent ordering, so at least one of
/// the two sees the other, and `stopped` lets the result complete exactly once.
///
/// A finished inner subscription stays `current` until the next inner source arrives, which
/// reuses it instead of allocating another when nothing else refers to it any more and its
/// source left nothing to dispose (as `just`, `of` or `empty` do): then no thread touched
/// anything in it but its atomic state.
@usableFromInline
final class SwitchSink<Element>: OuterSourceSink, @unchecked Sendable {
  // `stopped` is guarded by `lock`; `outer`, `current` and `closed` by `stateLock`;
  // `outerDone` is atomic.
  @usableFromInline let lock = Lock(recursive: true)
  @usableFromInline let stateLock = Lock()
  @usableFromInline let sink: EventSink<Element>
  @usableFromInline let lifetime: Lifetime
  @usableFromInline let outerDone = Atomic<Bool>(false)
  /// `trampolineKey`, read once (see `runOnTrampoline`).
  @usableFromInline let trampolineKey = ReactiveCoreBase.trampolineKey
  @exclusivity(unchecked) @usableFromInline var outer: InnerSubscription?
  @exclusivity(unchecked) @usableFromInline var current: InnerSubscription?
  /// Set when the operator ended or was disposed: no inner source starts any more.
  @exclusivity(unchecked) @usableFromInline var closed = false
  /// Set once the terminal event is decided.
  @exclusivity(unchecked) @usableFromInline var stopped = false

  @inlinable init(_ sink: @escaping EventSink<Element>, _ lifetime: Lifetime) {
    self.sink = sink
    self.lifetime = lifetime
  }

  @inlinable func switchTo(_ source: Observable<Element>) {
    stateLock.lock()
    if closed {
      stateLock.unlock()
      return
    }
    let inner: InnerSubscription
    let previous: InnerSubscription?
    if current != nil, current.unsafelyUnwrapped.isReusable, isKnownUniquelyReferenced(&current) {
      // The previous inner source finished and nothing else refers to its subscription.
      inner = current.unsafelyUnwrapped
      inner.reset()
      previous = nil
    } else {
      inner = InnerSubscription(parent: lifetime, owner: self)
      previous = current
      previous?.deactivate()
      current = inner
    }
    stateLock.unlock()
    previous?.dispose()
    if let element = source.justElement {
      // A `just`: what its `run` would send through the closure below, sent directly, in the
      // same order and through the same checks, then what `setDisposable` does with the
      // do-nothing disposable it returns. Only the subscription machinery is skipped: the
      // closure, the trampoline (RxSwift's `just` does not enter it either, so work scheduled
      // on `CurrentThreadScheduler` from inside the element's delivery runs at once there too)
      // and the disposable's type check.
      on(.next(element), from: inner)
      innerCompleted(inner)
      inner.setNothingToDispose()
      return
    }
    inner.setDisposable(
      source.runOnTrampoline(
        { event in inner.withOwner(as: SwitchSink.self) { $0.on(event, from: inner) } }, inner,
        key: trampolineKey))
  }

  /// Always inlined into the one closure that calls it, which every event of every inner
  /// source passes through.
  @inlinable @inline(__always) func on(_ event: Event<Element>, from inner: InnerSubscription) {
    switch event {
    case .next:
      lock.lock()
      if !stopped && inner.isActive { sink(event) }
      lock.unlock()
    case .error(let error):
      guard inner.finish() else { return }  // replaced, or the result ended
      end(.error(error))
    case .completed:
      innerCompleted(inner)
    }
  }

  @inlinable func innerCompleted(_ inner: InnerSubscription) {
    // `finish()` and `dispose()` in one atomic step.
    let (wasActive, disposeUpstream) = inner.finishAndDispose()
    guard wasActive else {
      // Replaced, or the result ended; an owner that deactivated it may not have disposed it
      // yet, and now never will: this call set the disposed mark.
      if disposeUpstream { inner.disposeUpstream() }
      return
    }
    // As in RxSwift, the inner sequence is disposed before the result completes.
    if disposeUpstream { inner.disposeUpstream() }
    if outerDone.load(ordering: .sequentiallyConsistent) {
      stateLock.lock()
      let isCurrent = !closed && current === inner
      stateLock.unlock()
      if isCurrent { end(.completed) }
    }
  }

  @inlinable func outerCompleted() {
    stateLock.lock()
    outerDone.store(true, ordering: .sequentiallyConsistent)
    let isLast = !closed && current?.isRunning != true
    let outer = self.outer
    stateLock.unlock()
    // As in RxSwift, the outer sequence is disposed before the result completes.
    outer?.dispose()
    if isLast { end(.completed) }
  }

  @inlinable func fail(_ error: Swift.Error) {
    end(.error(error))
  }

  /// Sends the terminal `event`, once, after deciding it under `lock` and releasing it, then
  /// disposes everything.
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

  /// Ends both subscriptions without waiting for a delivery in progress on another thread:
  /// only `stateLock` is taken, and released before anything is disposed.
  @inlinable func dispose() {
    stateLock.lock()
    closed = true
    let current = self.current
    self.current = nil  // it refers to this sink: break the cycle
    let outer = self.outer
    stateLock.unlock()
    outer?.deactivate()
    current?.deactivate()
    outer?.dispose()
    current?.dispose()
  }
}
