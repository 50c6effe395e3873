extension ObservableType {
  /// Emits an element only after `dueTime` has passed without another element.
  ///
  /// Each element restarts the wait. When the source completes while an element waits, that
  /// element is emitted at once, then `.completed`. When the source fails, the waiting element
  /// is dropped and the error is forwarded at once. An element arriving exactly when the
  /// previous wait ends is ordered by the scheduler: on a virtual-time scheduler, whichever was
  /// scheduled first runs first, so an element of a source created before the subscription
  /// replaces the waiting one.
  @inlinable
  public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    Producer((asObservable(), dueTime, scheduler)) { payload, sink, lifetime in
      let state = DebounceSink(sink, dueTime: payload.1, scheduler: payload.2)
      state.upstream.setDisposable(payload.0.run(state.on, lifetime))
      return state
    }
  }
}

@usableFromInline
final class DebounceSink<Element>: TimedSink<Element>, @unchecked Sendable {
  // `value` and `id` are guarded by `lock`.
  @usableFromInline let dueTime: RxTimeInterval
  @usableFromInline let scheduler: SchedulerType
  @usableFromInline @exclusivity(unchecked) var value: Element?
  @usableFromInline @exclusivity(unchecked) var id: UInt64 = 0

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
    switch event {
    case .next(let element):
      guard !isFinished else { return }
      id &+= 1
      value = element
      timer.disposable = scheduler.scheduleRelative(after: dueTime) { [self] in
        self.timerFired(id)
        return Disposables.create()
      }
    case .error:
      value = nil
      forward(event)
    case .completed:
      if let pending = value {
        value = nil
        forward(.next(pending))
      }
      forward(.completed)
    }
  }

  @inlinable override func timerFired(_ currentId: UInt64) {
    lock.lock()
    defer { lock.unlock() }
    guard currentId == id, let pending = value else { return }
    value = nil
    forward(.next(pending))
  }
}
