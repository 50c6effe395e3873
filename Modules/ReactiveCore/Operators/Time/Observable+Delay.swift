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

  /// Subscribes to the source only after `dueTime`.
  @inlinable
  public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType)
    -> Observable<Element>
  {
    Producer((asObservable(), dueTime, scheduler)) { payload, sink, lifetime in
      let subscription = SerialDisposable()
      subscription.disposable = payload.2.scheduleRelative(payload.0, dueTime: payload.1) {
        source in
        subscription.disposable = source.run(sink, lifetime)
        return Disposables.create()
      }
      return subscription
    }
  }
}

@usableFromInline
final class DelaySink<Element>: TimedSink<Element>, @unchecked Sendable {
  // The mutable state is guarded by `lock`.
  @usableFromInline let dueTime: RxTimeInterval
  @usableFromInline let scheduler: SchedulerType
  @usableFromInline @exclusivity(unchecked) var queue = Queue<(Date, Event<Element>)>()
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
    lock.lock()
    defer { lock.unlock() }
    guard !isFinished else { return }
    if event.isStopEvent { upstream.dispose() }
    if case .error = event {
      queue.removeAll()
      errorEvent = event
      if !running { forward(event) }
      return
    }
    queue.append((scheduler.now, event))
    guard !active else { return }
    active = true
    timer.disposable = scheduler.scheduleRelative(after: dueTime) { [self] in
      self.timerFired(0)
      return Disposables.create()
    }
  }

  /// Forwards the first waiting event, then the ones already due, and schedules the next.
  @inlinable override func timerFired(_ id: UInt64) {
    lock.lock()
    defer { lock.unlock() }
    if errorEvent != nil { return }
    running = true
    defer { running = false }
    var forwardedOne = false
    while !isFinished {
      if let errorEvent {
        forward(errorEvent)
        return
      }
      if !forwardedOne, let (_, event) = queue.popFirst() {
        forwardedOne = true
        forward(event)
        continue
      }
      guard let (arrival, _) = queue.first else {
        active = false
        return
      }
      let remaining = dueTime.reduceWithSpanBetween(earlierDate: arrival, laterDate: scheduler.now)
      timer.disposable = scheduler.scheduleRelative(after: remaining) { [self] in
        self.timerFired(0)
        return Disposables.create()
      }
      return
    }
  }
}
