extension ObservableType {
  /// Emits the elements in arrays: an array every `timeSpan`, or as soon as it holds `count`
  /// elements, whichever comes first (a full array restarts the time span).
  ///
  /// Arrays are emitted even when empty. On completion the current array is emitted, even when
  /// empty, then `.completed`; on an error the current array is dropped.
  @inlinable
  public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType)
    -> Observable<[Element]>
  {
    precondition(count > 0, "buffer(timeSpan:count:scheduler:) needs a count of at least 1")
    return Producer((asObservable(), timeSpan, count, scheduler)) { payload, sink, lifetime in
      let state = BufferSink<Element>(
        sink, timeSpan: payload.1, count: payload.2, scheduler: payload.3)
      state.startTimer(for: 0)
      state.upstream.setDisposable(payload.0.run(state.on, lifetime))
      return state
    }
  }
}

@usableFromInline
final class BufferSink<Element>: TimedSink<[Element]>, @unchecked Sendable {
  // `buffer` and `windowId` are guarded by `lock`.
  @usableFromInline let timeSpan: RxTimeInterval
  @usableFromInline let count: Int
  @usableFromInline let scheduler: SchedulerType
  @usableFromInline @exclusivity(unchecked) var buffer: [Element] = []
  @usableFromInline @exclusivity(unchecked) var windowId = 0

  @inlinable init(
    _ sink: @escaping EventSink<[Element]>, timeSpan: RxTimeInterval, count: Int,
    scheduler: SchedulerType
  ) {
    self.timeSpan = timeSpan
    self.count = count
    self.scheduler = scheduler
    super.init(sink)
  }

  @inlinable func on(_ event: Event<Element>) {
    lock.lock()
    defer { lock.unlock() }
    switch event {
    case .next(let element):
      guard !isFinished else { return }
      buffer.append(element)
      if buffer.count == count { emitAndRestart() }
    case .error(let error):
      buffer = []
      forward(.error(error))
    case .completed:
      let last = buffer
      buffer = []
      forward(.next(last))
      forward(.completed)
    }
  }

  @inlinable func emitAndRestart() {
    windowId &+= 1
    let full = buffer
    buffer = []
    forward(.next(full))
    startTimer(for: windowId)
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
    lock.lock()
    defer { lock.unlock() }
    guard id == windowId else { return }
    emitAndRestart()
  }
}
