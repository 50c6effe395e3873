import Dispatch

extension ObservableType {
  /// Delivers the events on `scheduler`, one at a time and in order.
  ///
  /// With a `MainScheduler`, each event is one action of that scheduler instance, as RxSwift
  /// does it: delivered at once, synchronously, when it arrives on the main queue while no other
  /// action of the instance runs or waits; otherwise enqueued on the main queue, behind the
  /// waiting ones. So an event sent into the chain while the observer handles another is
  /// enqueued, not delivered inside it. With a `SerialDispatchQueueScheduler`, as in RxSwift,
  /// each event is enqueued on its queue when it arrives, so the events keep their place among
  /// other work scheduled on that queue meanwhile. With any other scheduler, each event is
  /// scheduled as one action, after the previous one ran.
  @inlinable
  public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
    if let main = scheduler as? MainScheduler {
      return Producer((asObservable(), main)) { payload, sink, lifetime in
        let (source, main) = payload
        let state = ObserveOnMainSink(sink, scheduler: main)
        state.upstream.setDisposable(source.run(state.on, lifetime))
        return state
      }
    }
    if let serial = scheduler as? SerialDispatchQueueScheduler {
      return Producer((asObservable(), serial)) { payload, sink, lifetime in
        let (source, serial) = payload
        let state = ObserveOnSerialQueueSink(sink, scheduler: serial)
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

/// Delivers events on the main queue through one `MainScheduler` instance: each event at once
/// when it arrives on the main queue while nothing of that instance runs or waits there, and
/// otherwise enqueued on the main queue, each event as its own block, behind what waits.
@usableFromInline
final class ObserveOnMainSink<Element>: TimedSink<Element>, @unchecked Sendable {
  // Immutable; the scheduler's count is atomic, and the main queue runs one delivery at a time.
  @usableFromInline let scheduler: MainScheduler

  @inlinable init(_ sink: @escaping EventSink<Element>, scheduler: MainScheduler) {
    self.scheduler = scheduler
    super.init(sink)
  }

  @inlinable func on(_ event: Event<Element>) {
    guard !isFinished else { return }
    if scheduler.runsAtOnce() {
      forward(event)
      scheduler.finishedOne()
      return
    }
    let work = UncheckedSendable((self, event))
    DispatchQueue.main.async {
      let (state, event) = work.value
      state.forward(event)
      state.scheduler.finishedOne()
    }
  }
}

/// Delivers events on a serial dispatch queue: each event is enqueued on the queue as it arrives,
/// behind whatever was scheduled there before it, so the queue's order is the order of arrival.
@usableFromInline
final class ObserveOnSerialQueueSink<Element>: TimedSink<Element>, @unchecked Sendable {
  // Immutable; the serial queue runs one delivery at a time, and `forward` drops what arrives
  // after the end or after disposal.
  @usableFromInline let scheduler: SerialDispatchQueueScheduler

  @inlinable init(_ sink: @escaping EventSink<Element>, scheduler: SerialDispatchQueueScheduler) {
    self.scheduler = scheduler
    super.init(sink)
  }

  @inlinable func on(_ event: Event<Element>) {
    guard !isFinished else { return }
    let work = UncheckedSendable((self, event))
    scheduler.enqueue {
      let (state, event) = work.value
      state.forward(event)
    }
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
