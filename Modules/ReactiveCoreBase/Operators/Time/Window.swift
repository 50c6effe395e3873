extension ObservableType {
  /// Splits the elements into windows, each an observable: a new window every `timeSpan`, or as
  /// soon as the current one received `count` elements, whichever comes first.
  ///
  /// The first window is emitted on subscription. A window completes when the next one opens;
  /// the source's completion or error ends the current window and the outer sequence alike. The
  /// source stays subscribed while any window is, even after the outer subscription ends.
  @inlinable
  public func window(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType)
    -> Observable<Observable<Element>>
  {
    precondition(count > 0, "window(timeSpan:count:scheduler:) needs a count of at least 1")
    return Producer((asObservable(), timeSpan, count, scheduler)) { payload, sink, lifetime in
      let state = WindowSink<Element>(
        sink, timeSpan: payload.1, count: payload.2, scheduler: payload.3)
      return state.run(payload.0, lifetime)
    }
  }
}

@usableFromInline
final class WindowSink<Element>: TimedSink<Observable<Element>>, @unchecked Sendable {
  // `subject`, `received` and `windowId` are guarded by `lock`.
  @usableFromInline let timeSpan: RxTimeInterval
  @usableFromInline let count: Int
  @usableFromInline let scheduler: SchedulerType
  @usableFromInline @exclusivity(unchecked) var subject = PublishSubject<Element>()
  @usableFromInline @exclusivity(unchecked) var received = 0
  @usableFromInline @exclusivity(unchecked) var windowId = 0
  @usableFromInline var refCount: RefCountDisposable!
  /// The outer subscription ended: windows already handed out still run, but no new window is
  /// emitted.
  @usableFromInline @exclusivity(unchecked) var outerDisposed = false

  @inlinable init(
    _ sink: @escaping EventSink<Observable<Element>>, timeSpan: RxTimeInterval, count: Int,
    scheduler: SchedulerType
  ) {
    self.timeSpan = timeSpan
    self.count = count
    self.scheduler = scheduler
    super.init(sink)
  }

  @inlinable func run(_ source: Observable<Element>, _ lifetime: Lifetime) -> Disposable {
    let refCount = RefCountDisposable(disposable: self)
    lock.withLock {
      self.refCount = refCount
      forward(.next(windowObservable(subject)))
    }
    startTimer(for: 0)
    upstream.setDisposable(source.run(on, Lifetime(parent: nil)))
    return Disposables.create { [self] in
      lock.withLock { outerDisposed = true }
      refCount.dispose()
    }
  }

  /// A window that keeps the source subscribed while someone observes it.
  @inlinable func windowObservable(_ subject: PublishSubject<Element>) -> Observable<Element> {
    let refCount = self.refCount!
    return Producer((subject, refCount)) { payload, sink, lifetime in
      let hold = payload.1.retain()
      let subscription = payload.0.run(sink, lifetime)
      return Disposables.create(hold, subscription)
    }
  }

  @inlinable func openNextWindow() {
    subject.on(.completed)
    subject = PublishSubject()
    if !outerDisposed { forward(.next(windowObservable(subject))) }
  }

  @inlinable func on(_ event: Event<Element>) {
    var restartTimer: Int?
    lock.lock()
    switch event {
    case .next(let element):
      subject.on(.next(element))
      received += 1
      if received == count {
        received = 0
        windowId &+= 1
        restartTimer = windowId
        openNextWindow()
      }
    case .error(let error):
      subject.on(.error(error))
      if outerDisposed { dispose() } else { forward(.error(error)) }
    case .completed:
      subject.on(.completed)
      if outerDisposed { dispose() } else { forward(.completed) }
    }
    lock.unlock()
    if let restartTimer { startTimer(for: restartTimer) }
  }

  @inlinable func startTimer(for id: Int) {
    lock.lock()
    defer { lock.unlock() }
    guard !isFinished, id == windowId else { return }
    timer.disposable = scheduler.scheduleRelative(after: timeSpan) { [self] in
      self.timerFired(UInt64(id))
      return Disposables.create()
    }
  }

  @inlinable override func timerFired(_ tickId: UInt64) {
    let id = Int(tickId)
    var next: Int?
    lock.lock()
    if id == windowId {
      received = 0
      windowId &+= 1
      next = windowId
      openNextWindow()
    }
    lock.unlock()
    if let next { startTimer(for: next) }
  }
}
