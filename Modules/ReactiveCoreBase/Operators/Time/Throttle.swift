import Foundation

extension ObservableType {
  /// Emits the first element at once, then at most one element per `dueTime`.
  ///
  /// An element that arrives less than `dueTime` after the last emitted one is dropped when
  /// `latest` is false. When `latest` is true (the default), the latest such element is kept and
  /// emitted when `dueTime` has passed since the last emission. A completion while an element is
  /// kept waits for it to be emitted; an error is forwarded at once and drops it.
  @inlinable
  public func throttle(
    _ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType
  ) -> Observable<Element> {
    Producer((asObservable(), dueTime, latest, scheduler)) { payload, sink, lifetime in
      let state = ThrottleSink(sink, dueTime: payload.1, latest: payload.2, scheduler: payload.3)
      state.upstream.setDisposable(payload.0.run(state.on, lifetime))
      return state
    }
  }
}

@usableFromInline
final class ThrottleSink<Element>: TimedSink<Element>, @unchecked Sendable {
  // The mutable state is guarded by `lock`.
  @usableFromInline let dueTime: RxTimeInterval
  @usableFromInline let latest: Bool
  @usableFromInline let scheduler: SchedulerType
  @usableFromInline @exclusivity(unchecked) var lastUnsentElement: Element?
  @usableFromInline @exclusivity(unchecked) var lastSentTime: Date?
  @usableFromInline @exclusivity(unchecked) var completed = false

  @inlinable init(
    _ sink: @escaping EventSink<Element>, dueTime: RxTimeInterval, latest: Bool,
    scheduler: SchedulerType
  ) {
    self.dueTime = dueTime
    self.latest = latest
    self.scheduler = scheduler
    super.init(sink)
  }

  @inlinable func on(_ event: Event<Element>) {
    lock.lock()
    defer { lock.unlock() }
    switch event {
    case .next(let element):
      guard !isFinished else { return }
      let remaining: RxTimeInterval
      if let lastSentTime {
        remaining = dueTime.reduceWithSpanBetween(
          earlierDate: lastSentTime, laterDate: scheduler.now)
      } else {
        remaining = .nanoseconds(0)
      }
      if remaining.isNow {
        sendNow(element)
        return
      }
      guard latest else { return }
      let alreadyScheduled = lastUnsentElement != nil
      lastUnsentElement = element
      guard !alreadyScheduled else { return }
      timer.disposable = scheduler.scheduleRelative(after: remaining) { [self] in
        self.timerFired(0)
        return Disposables.create()
      }
    case .error:
      lastUnsentElement = nil
      forward(event)
    case .completed:
      if lastUnsentElement != nil {
        completed = true
      } else {
        forward(.completed)
      }
    }
  }

  @inlinable func sendNow(_ element: Element) {
    lastUnsentElement = nil
    forward(.next(element))
    lastSentTime = scheduler.now
  }

  @inlinable override func timerFired(_ id: UInt64) {
    lock.lock()
    defer { lock.unlock() }
    if let element = lastUnsentElement { sendNow(element) }
    if completed { forward(.completed) }
  }
}
