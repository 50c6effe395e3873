extension ObservableType {
  /// Forwards the elements for `duration` after subscription, then completes.
  public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    Producer((asObservable(), duration, scheduler)) { payload, sink, lifetime in
      let state = TakeForSink(sink)
      state.timer.disposable = payload.2.scheduleRelative(state, dueTime: payload.1) { state in
        state.expire()
        return Disposables.create()
      }
      state.upstream.setDisposable(payload.0.run(state.on, lifetime))
      return state
    }
  }

  /// Drops the elements that arrive within `duration` of the subscription; forwards the rest,
  /// and the terminal event whenever it comes.
  public func skip(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    Producer((asObservable(), duration, scheduler)) { payload, sink, lifetime in
      let state = SkipForSink(sink)
      state.timer.disposable = payload.2.scheduleRelative(state, dueTime: payload.1) { state in
        state.open()
        return Disposables.create()
      }
      state.upstream.setDisposable(payload.0.run(state.on, lifetime))
      return state
    }
  }

  /// Deprecated name of `take(for:scheduler:)`.
  @available(*, deprecated, renamed: "take(for:scheduler:)")
  public func take(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    take(for: duration, scheduler: scheduler)
  }
}

final class TakeForSink<Element>: TimedSink<Element>, @unchecked Sendable {
  func on(_ event: Event<Element>) {
    lock.lock()
    defer { lock.unlock() }
    forward(event)
  }

  func expire() {
    lock.lock()
    defer { lock.unlock() }
    forward(.completed)
  }
}

final class SkipForSink<Element>: TimedSink<Element>, @unchecked Sendable {
  // `isOpen` is guarded by `lock`.
  private var isOpen = false

  func on(_ event: Event<Element>) {
    lock.lock()
    defer { lock.unlock() }
    if case .next = event, !isOpen { return }
    forward(event)
  }

  func open() {
    lock.lock()
    defer { lock.unlock() }
    isOpen = true
  }
}
