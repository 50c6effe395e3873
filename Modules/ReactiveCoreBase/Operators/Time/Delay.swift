import Foundation

extension ObservableType {
  /// Shifts each element and the completion later by `dueTime`, keeping their spacing.
  ///
  /// An error is not delayed: it is forwarded at once and drops the elements still waiting.
  @inlinable
  public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    Producer((asObservable(), dueTime, scheduler)) { payload, sink, lifetime in
      let state = DelaySink(sink, dueTime: payload.1, scheduler: payload.2)
      state.upstream.setDisposable(payload.0.run(state.on, lifetime))
      return state
    }
  }
}

/// The state of one `delay` subscription.
///
/// Events wait in `queue` with their arrival time; one timer at a time drains it. The drain
/// forwards each event after releasing the lock, with `running` set, so that an event from the
/// upstream on another thread (an element to queue, or an error, which is not delayed) never
/// waits for the downstream: an error that arrives while the drain forwards is kept in
/// `errorEvent` and forwarded by the drain as soon as the downstream returns, and one that
/// arrives while no drain forwards is forwarded at once. Either way the downstream gets one call
/// at a time.
@usableFromInline
final class DelaySink<Element>: TimedSink<Element>, @unchecked Sendable {
  // The mutable state is guarded by `lock`.
  @usableFromInline let dueTime: RxTimeInterval
  @usableFromInline let scheduler: SchedulerType
  @usableFromInline @exclusivity(unchecked) var queue = FIFO<(Date, Event<Element>)>()
  @usableFromInline @exclusivity(unchecked) var errorEvent: Event<Element>?
  /// A drain is scheduled or running.
  @usableFromInline @exclusivity(unchecked) var active = false
  /// A drain is forwarding events now.
  @usableFromInline @exclusivity(unchecked) var running = false

  @inlinable init(
    _ sink: @escaping EventSink<Element>, dueTime: RxTimeInterval, scheduler: SchedulerType
  ) {
    self.dueTime = dueTime
    self.scheduler = scheduler
    super.init(sink)
  }

  @inlinable func on(_ event: Event<Element>) {
    if event.isStopEvent { upstream.dispose() }
    lock.lock()
    guard !isFinished, errorEvent == nil else {
      lock.unlock()
      return
    }
    if case .error = event {
      queue.removeAll()
      errorEvent = event
      let forwardNow = !running
      lock.unlock()
      // Otherwise the running drain forwards it when the downstream returns.
      if forwardNow { forward(event) }
      return
    }
    queue.append((scheduler.now, event))
    if !active {
      active = true
      timer.disposable = scheduler.scheduleRelative(after: dueTime) { [self] in
        self.timerFired(0)
        return Disposables.create()
      }
    }
    lock.unlock()
  }

  /// Forwards the first waiting event, then the ones already due, and schedules the next.
  @inlinable override func timerFired(_ id: UInt64) {
    lock.lock()
    if errorEvent != nil {
      lock.unlock()
      return
    }
    running = true
    var forwardedOne = false
    while !isFinished {
      if let errorEvent {
        running = false
        lock.unlock()
        forward(errorEvent)
        return
      }
      if !forwardedOne, let (_, event) = queue.popFirst() {
        forwardedOne = true
        lock.unlock()
        forward(event)
        lock.lock()
        continue
      }
      guard let (arrival, _) = queue.first else {
        active = false
        break
      }
      let remaining = dueTime.reduceWithSpanBetween(earlierDate: arrival, laterDate: scheduler.now)
      timer.disposable = scheduler.scheduleRelative(after: remaining) { [self] in
        self.timerFired(0)
        return Disposables.create()
      }
      break
    }
    running = false
    lock.unlock()
  }
}
