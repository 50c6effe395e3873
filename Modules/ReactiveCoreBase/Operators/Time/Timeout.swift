extension ObservableType {
  /// Fails with `RxError.timeout` when no element arrives within `dueTime` of the subscription
  /// or of the previous element.
  @inlinable
  public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    timeout(dueTime, other: Observable<Element>.error(RxError.timeout), scheduler: scheduler)
  }

  /// Switches to `other` when no element arrives within `dueTime` of the subscription or of the
  /// previous element.
  @inlinable
  public func timeout<Source: ObservableConvertibleType>(
    _ dueTime: RxTimeInterval, other: Source, scheduler: SchedulerType
  ) -> Observable<Element> where Source.Element == Element {
    Producer((asObservable(), dueTime, other.asObservable(), scheduler)) {
      payload, sink, lifetime in
      let state = TimeoutSink(
        sink, lifetime, dueTime: payload.1, other: payload.2, scheduler: payload.3)
      state.armTimer()
      state.upstream.setDisposable(payload.0.run(state.on, state.sourceLifetime))
      return state
    }
  }
}

@usableFromInline
final class TimeoutSink<Element>: TimedSink<Element>, @unchecked Sendable {
  // `id` and `switched` are guarded by `lock`.
  @usableFromInline let dueTime: RxTimeInterval
  @usableFromInline let other: Observable<Element>
  @usableFromInline let scheduler: SchedulerType
  @usableFromInline let lifetime: Lifetime
  /// The lifetime of the source's subscription, ended when the operator switches to `other`.
  @usableFromInline let sourceLifetime: Lifetime
  @usableFromInline let switchedSubscription = SerialDisposable()
  @usableFromInline @exclusivity(unchecked) var id: UInt64 = 0
  @usableFromInline @exclusivity(unchecked) var switched = false

  @inlinable init(
    _ sink: @escaping EventSink<Element>, _ lifetime: Lifetime, dueTime: RxTimeInterval,
    other: Observable<Element>, scheduler: SchedulerType
  ) {
    self.dueTime = dueTime
    self.other = other
    self.scheduler = scheduler
    self.lifetime = lifetime
    sourceLifetime = Lifetime(parent: lifetime)
    super.init(sink)
  }

  @inlinable func on(_ event: Event<Element>) {
    lock.lock()
    defer { lock.unlock() }
    guard !switched else { return }
    id &+= 1
    forward(event)
    if case .next = event { armTimer() }
  }

  @inlinable func armTimer() {
    lock.lock()
    defer { lock.unlock() }
    guard !isFinished else { return }
    timer.disposable = scheduler.scheduleRelative(after: dueTime) { [self] in
      self.timerFired(id)
      return Disposables.create()
    }
  }

  @inlinable override func timerFired(_ timerId: UInt64) {
    lock.lock()
    defer { lock.unlock() }
    guard timerId == id, !switched, !isFinished else { return }
    switched = true
    sourceLifetime.end()
    upstream.dispose()
    switchedSubscription.disposable = other.runOnTrampoline(
      { [weak self] event in self?.forwardSwitched(event) }, lifetime)
  }

  @inlinable func forwardSwitched(_ event: Event<Element>) {
    lock.lock()
    defer { lock.unlock() }
    forward(event)
  }

  @inlinable override func releaseResources() {
    super.releaseResources()
    switchedSubscription.dispose()
  }
}
