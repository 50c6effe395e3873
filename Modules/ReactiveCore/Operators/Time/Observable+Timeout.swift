extension ObservableType {
  /// Fails with `RxError.timeout` when no element arrives within `dueTime` of the subscription
  /// or of the previous element.
  public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    timeout(dueTime, other: Observable<Element>.error(RxError.timeout), scheduler: scheduler)
  }

  /// Switches to `other` when no element arrives within `dueTime` of the subscription or of the
  /// previous element.
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

final class TimeoutSink<Element>: TimedSink<Element>, @unchecked Sendable {
  // `id` and `switched` are guarded by `lock`.
  private let dueTime: RxTimeInterval
  private let other: Observable<Element>
  private let scheduler: SchedulerType
  private let lifetime: Lifetime
  /// The lifetime of the source's subscription, ended when the operator switches to `other`.
  let sourceLifetime: Lifetime
  private let switchedSubscription = SerialDisposable()
  private var id: UInt64 = 0
  private var switched = false

  init(
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

  func on(_ event: Event<Element>) {
    lock.lock()
    defer { lock.unlock() }
    guard !switched else { return }
    id &+= 1
    forward(event)
    if case .next = event { armTimer() }
  }

  func armTimer() {
    lock.lock()
    defer { lock.unlock() }
    guard !isFinished else { return }
    timer.disposable = scheduler.scheduleRelative((self, id), dueTime: dueTime) { state in
      state.0.fire(state.1)
      return Disposables.create()
    }
  }

  private func fire(_ timerId: UInt64) {
    lock.lock()
    defer { lock.unlock() }
    guard timerId == id, !switched, !isFinished else { return }
    switched = true
    sourceLifetime.end()
    upstream.dispose()
    switchedSubscription.disposable = other.run(
      { [weak self] event in self?.forwardSwitched(event) }, lifetime)
  }

  private func forwardSwitched(_ event: Event<Element>) {
    lock.lock()
    defer { lock.unlock() }
    forward(event)
  }

  override func releaseResources() {
    super.releaseResources()
    switchedSubscription.dispose()
  }
}
