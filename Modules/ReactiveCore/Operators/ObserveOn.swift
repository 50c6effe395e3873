import Dispatch

extension ObservableType {
  /// Delivers the events on `scheduler`, one at a time and in order.
  ///
  /// With `MainScheduler.instance`, an event that arrives on the main queue while no earlier
  /// event of this subscription is waiting is delivered at once, synchronously; any other event
  /// is enqueued on the main queue behind the waiting ones. An event sent into the chain while
  /// the observer handles another (on the main queue) is delivered right after that one returns.
  /// With any other scheduler, each event is scheduled as one action, after the previous one ran.
  @inlinable
  public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
    if scheduler is MainScheduler {
      return Producer(asObservable()) { source, sink, lifetime in
        let state = ObserveOnMainSink(sink)
        state.upstream.setDisposable(source.run(state.on, lifetime))
        return state
      }
    }
    return Producer((asObservable(), scheduler)) { payload, sink, lifetime in
      let state = ObserveOnSink(sink, scheduler: payload.1)
      state.upstream.setDisposable(payload.0.run(state.on, lifetime))
      return state
    }
  }

  /// Deprecated name of `observe(on:)`.
  @available(*, deprecated, renamed: "observe(on:)")
  @inlinable
  public func observeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
    observe(on: scheduler)
  }
}

/// Delivers events on the main queue, synchronously when possible, keeping their order.
@usableFromInline
final class ObserveOnMainSink<Element>: TimedSink<Element>, @unchecked Sendable {
  // `pending`, `delivering` and `enqueued` are guarded by `lock`, which is never held while
  // calling the sink.
  @usableFromInline let stateLock = Lock()
  @usableFromInline @exclusivity(unchecked) var pending = FIFO<Event<Element>>()
  @usableFromInline @exclusivity(unchecked) var delivering = false
  @usableFromInline @exclusivity(unchecked) var enqueued = false

  @inlinable func on(_ event: Event<Element>) {
    stateLock.lock()
    guard !isFinished else {
      stateLock.unlock()
      return
    }
    pending.append(event)
    if delivering || enqueued {
      stateLock.unlock()
      return
    }
    if MainScheduler.isOnMainQueue {
      delivering = true
      stateLock.unlock()
      drain()
    } else {
      enqueued = true
      stateLock.unlock()
      let me = UncheckedSendable(self)
      DispatchQueue.main.async {
        let state = me.value
        state.stateLock.withLock {
          state.enqueued = false
          state.delivering = true
        }
        state.drain()
      }
    }
  }

  @inlinable func drain() {
    while true {
      stateLock.lock()
      guard !isFinished, let event = pending.popFirst() else {
        delivering = false
        stateLock.unlock()
        return
      }
      stateLock.unlock()
      forward(event)
    }
  }

  @inlinable override func releaseResources() {
    super.releaseResources()
    stateLock.withLock { pending.removeAll() }
  }
}

/// Delivers events on any scheduler, one scheduled action per event, in order.
@usableFromInline
final class ObserveOnSink<Element>: TimedSink<Element>, @unchecked Sendable {
  // `queue` and `scheduled` are guarded by `stateLock`, never held while calling the sink.
  @usableFromInline let scheduler: ImmediateSchedulerType
  @usableFromInline let stateLock = Lock()
  @usableFromInline @exclusivity(unchecked) var queue = FIFO<Event<Element>>()
  @usableFromInline @exclusivity(unchecked) var scheduled = false

  @inlinable init(_ sink: @escaping EventSink<Element>, scheduler: ImmediateSchedulerType) {
    self.scheduler = scheduler
    super.init(sink)
  }

  @inlinable func on(_ event: Event<Element>) {
    let start = stateLock.withLock { () -> Bool in
      guard !isFinished else { return false }
      queue.append(event)
      if scheduled { return false }
      scheduled = true
      return true
    }
    guard start else { return }
    timer.disposable = scheduler.scheduleRecursive(self) { state, recurse in
      if state.deliverOne() { recurse(state) }
    }
  }

  /// Delivers the next event; returns whether more are waiting.
  @inlinable func deliverOne() -> Bool {
    let event = stateLock.withLock { () -> Event<Element>? in
      guard !isFinished, let event = queue.popFirst() else {
        scheduled = false
        return nil
      }
      return event
    }
    guard let event else { return false }
    forward(event)
    return stateLock.withLock {
      if isFinished || queue.isEmpty {
        scheduled = false
        return false
      }
      return true
    }
  }

  @inlinable override func releaseResources() {
    super.releaseResources()
    stateLock.withLock { queue.removeAll() }
  }
}
