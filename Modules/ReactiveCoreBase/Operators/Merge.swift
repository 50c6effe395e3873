extension ObservableType {
  /// Projects each element to an inner sequence and merges the elements of all of them.
  ///
  /// Every inner sequence is subscribed when its element arrives and runs until it ends. The
  /// result completes when this sequence and every inner sequence completed; an error from
  /// any of them (or thrown by `selector`) ends it and disposes the rest. Disposing the result
  /// disposes this sequence and every inner one.
  @inlinable
  public func flatMap<Source: ObservableConvertibleType>(
    _ selector: @escaping (Element) throws -> Source
  ) -> Observable<Source.Element> {
    Producer(asObservable()) { source, sink, lifetime in
      let merge = MergeSink(sink, lifetime)
      return merge.subscribeOuter(source) { value in
        let inner: Observable<Source.Element>
        do { inner = try selector(value).asObservable() } catch {
          merge.fail(error)
          return
        }
        merge.add(inner)
      }
    }
  }

  /// Projects an element to an inner sequence only while no inner sequence is running;
  /// elements that arrive meanwhile are dropped (and `selector` is not called for them).
  ///
  /// Completion, errors and disposal are as for `flatMap`.
  @inlinable
  public func flatMapFirst<Source: ObservableConvertibleType>(
    _ selector: @escaping (Element) throws -> Source
  ) -> Observable<Source.Element> {
    Producer(asObservable()) { source, sink, lifetime in
      let merge = MergeSink(sink, lifetime)
      return merge.subscribeOuter(source) { value in
        // The outer source's elements arrive one at a time, and only this closure starts
        // inner sources, so the room seen here is still there after `selector` ran.
        merge.stateLock.lock()
        let isIdle = !merge.closed && merge.inners.count == 0
        merge.stateLock.unlock()
        guard isIdle else { return }
        let source: Observable<Source.Element>
        do { source = try selector(value).asObservable() } catch {
          merge.fail(error)
          return
        }
        let inner = InnerSubscription(parent: lifetime, owner: merge)
        merge.stateLock.lock()
        if merge.closed {
          merge.stateLock.unlock()
          return
        }
        merge.inners.insert(inner)
        merge.stateLock.unlock()
        merge.start(source, inner)
      }
    }
  }
}

/// The engine of `merge`, `flatMap`, `flatMapFirst`, `concatMap` and `concat()`: runs inner
/// sources side by side, at most `maxConcurrent` at a time, and queues the others.
///
/// Each inner source has its own `InnerSubscription`, ended when it terminates or when the
/// whole operator ends. The sequence completes when the outer source is done and no inner
/// source is running or queued; the first error from any source ends it. Queued sources are
/// started by a loop, not by recursion, so a long queue of synchronous sources takes constant
/// stack depth.
///
/// Two locks, so that disposing never waits for a delivery:
/// - `lock`, recursive, serialises the deliveries: elements are forwarded while holding it, so
///   the downstream never sees two calls at once, and an observer that feeds a source
///   re-enters on the same thread. It also guards `stopped`, set when the terminal event is
///   decided; that event is sent after releasing it (nothing else can be sent once `stopped`
///   is set).
/// - `stateLock` guards the bookkeeping (the live inner subscriptions, the queue, the outer
///   source's completion) and is never held while calling out. `dispose()` takes only this
///   one, then deactivates and disposes the inner subscriptions after releasing it.
@usableFromInline
final class MergeSink<Element>: OuterSourceSink, @unchecked Sendable {
  // `stopped` is guarded by `lock`; `outer`, `inners`, `queue`, `queueHead`, `outerDone`,
  // `closed` and `draining` by `stateLock`; the rest is immutable.
  @usableFromInline let lock = Lock(recursive: true)
  @usableFromInline let stateLock = Lock()
  @usableFromInline let sink: EventSink<Element>
  @usableFromInline let lifetime: Lifetime
  @usableFromInline let maxConcurrent: Int
  @exclusivity(unchecked) @usableFromInline var outer: InnerSubscription?
  @exclusivity(unchecked) @usableFromInline var inners = InnerList()
  @exclusivity(unchecked) @usableFromInline var queue: [Observable<Element>] = []
  @exclusivity(unchecked) @usableFromInline var queueHead = 0
  @exclusivity(unchecked) @usableFromInline var outerDone = false
  /// Set when the operator ended or was disposed: no inner source starts any more.
  @exclusivity(unchecked) @usableFromInline var closed = false
  @exclusivity(unchecked) @usableFromInline var draining = false
  /// Set once the terminal event is decided.
  @exclusivity(unchecked) @usableFromInline var stopped = false

  @inlinable
  init(_ sink: @escaping EventSink<Element>, _ lifetime: Lifetime, maxConcurrent: Int = .max) {
    precondition(maxConcurrent > 0, "maxConcurrent must be positive")
    self.sink = sink
    self.lifetime = lifetime
    self.maxConcurrent = maxConcurrent
  }

  @inlinable var hasQueued: Bool { queueHead < queue.count }

  /// Starts `source` now, or queues it if `maxConcurrent` sources are running.
  @inlinable func add(_ source: Observable<Element>) {
    stateLock.lock()
    if closed {
      stateLock.unlock()
      return
    }
    if inners.count >= maxConcurrent || hasQueued {
      queue.append(source)
      stateLock.unlock()
      return
    }
    let inner = InnerSubscription(parent: lifetime, owner: self)
    inners.insert(inner)
    stateLock.unlock()
    start(source, inner)
  }

  /// Runs `source` as the inner subscription `inner`, already in `inners`.
  @inlinable func start(_ source: Observable<Element>, _ inner: InnerSubscription) {
    inner.setDisposable(
      source.runOnTrampoline(
        { event in inner.withOwner(as: MergeSink.self) { $0.on(event, from: inner) } }, inner))
  }

  @inlinable func on(_ event: Event<Element>, from inner: InnerSubscription) {
    switch event {
    case .next:
      lock.lock()
      if !stopped && inner.isActive { sink(event) }
      lock.unlock()
    case .error(let error):
      guard inner.finish() else { return }
      inner.dispose()
      fail(error)
    case .completed:
      guard inner.finish() else { return }
      stateLock.lock()
      inners.remove(inner)
      if hasQueued && !closed {
        stateLock.unlock()
        inner.dispose()
        drain()
        return
      }
      let isLast = !closed && outerDone && inners.count == 0
      stateLock.unlock()
      inner.dispose()
      if isLast { end(.completed) }
    }
  }

  /// Starts queued sources while there is room; the only place that dequeues.
  @inlinable func drain() {
    stateLock.lock()
    if draining {
      stateLock.unlock()
      return
    }
    draining = true
    while !closed && inners.count < maxConcurrent && hasQueued {
      let source = queue[queueHead]
      queueHead += 1
      if queueHead == queue.count {
        queue.removeAll(keepingCapacity: true)
        queueHead = 0
      }
      let inner = InnerSubscription(parent: lifetime, owner: self)
      inners.insert(inner)
      stateLock.unlock()
      start(source, inner)
      stateLock.lock()
    }
    draining = false
    let isLast = !closed && outerDone && inners.count == 0 && !hasQueued
    stateLock.unlock()
    if isLast { end(.completed) }
  }

  /// Records that the outer source (or the fixed list of sources) is done.
  @inlinable func outerCompleted() {
    stateLock.lock()
    outerDone = true
    let isLast = !closed && inners.count == 0 && !hasQueued
    let outer = self.outer
    stateLock.unlock()
    // As in RxSwift, `merge()` and `flatMap` dispose the outer sequence before the result
    // completes, and the limited forms (`merge(maxConcurrent:)`, `concatMap`, `concat()`) after.
    if maxConcurrent == .max { outer?.dispose() }
    if isLast {
      end(.completed)
    } else if maxConcurrent != .max {
      outer?.dispose()
    }
  }

  /// Forwards `error` unless the sequence already ended, then disposes everything.
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

  /// Ends every subscription without waiting for a delivery in progress on another thread:
  /// only `stateLock` is taken, and released before anything is disposed.
  @inlinable func dispose() {
    stateLock.lock()
    closed = true
    let members = inners.removeAll()
    var dropped: [Observable<Element>] = []
    swap(&dropped, &queue)  // released after unlocking: freeing a source may run user code
    queueHead = 0
    let outer = self.outer
    stateLock.unlock()
    withExtendedLifetime(dropped) {}
    outer?.deactivate()
    for member in members { member.deactivate() }
    outer?.dispose()
    for member in members { member.dispose() }
  }
}

extension ObservableType {
  /// Merges the elements of every source into one sequence, in the order they arrive.
  ///
  /// Every source is subscribed at once, in order. The result completes when all sources
  /// completed, fails with the first error (disposing the other sources), and disposing it
  /// disposes every source.
  @inlinable
  public static func merge<Collection: Swift.Collection>(_ sources: Collection)
    -> Observable<Element> where Collection.Element == Observable<Element>
  {
    mergeSources(Array(sources))
  }

  /// Merges the elements of every source into one sequence; see `merge(_:)` for collections.
  @inlinable
  public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
    mergeSources(sources)
  }

  /// Merges the elements of every source into one sequence; see `merge(_:)` for collections.
  @inlinable
  public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
    mergeSources(sources)
  }

  @inlinable
  static func mergeSources(_ sources: [Observable<Element>]) -> Observable<Element> {
    Producer(sources) { sources, sink, lifetime in
      let merge = MergeSink(sink, lifetime)
      for source in sources { merge.add(source) }
      merge.outerCompleted()
      return merge
    }
  }
}

extension ObservableType where Element: ObservableConvertibleType {
  /// Merges the elements of every inner sequence this sequence emits.
  ///
  /// Each inner sequence is subscribed as soon as it arrives. The result completes when this
  /// sequence and every inner one completed, fails with the first error from any of them, and
  /// disposing it disposes them all.
  @inlinable
  public func merge() -> Observable<Element.Element> {
    flatMap { $0 }
  }

  /// Merges the elements of the inner sequences this sequence emits, running at most
  /// `maxConcurrent` of them at a time; the others wait, in order, for a running one to
  /// complete.
  ///
  /// Completion, errors and disposal are as for `merge()`. `maxConcurrent` must be positive.
  @inlinable
  public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
    precondition(maxConcurrent > 0, "merge(maxConcurrent:) needs a positive maxConcurrent")
    return mergeLimited(self.asObservable(), maxConcurrent: maxConcurrent) { $0.asObservable() }
  }
}

/// The operator behind `merge(maxConcurrent:)`, `concatMap` and `concat()`.
@inlinable
func mergeLimited<Outer, Inner>(
  _ source: Observable<Outer>, maxConcurrent: Int,
  _ selector: @escaping (Outer) throws -> Observable<Inner>
) -> Observable<Inner> {
  Producer((source, selector, maxConcurrent)) { payload, sink, lifetime in
    let merge = MergeSink(sink, lifetime, maxConcurrent: payload.2)
    let selector = payload.1
    return merge.subscribeOuter(payload.0) { value in
      let inner: Observable<Inner>
      do { inner = try selector(value) } catch {
        merge.fail(error)
        return
      }
      merge.add(inner)
    }
  }
}
