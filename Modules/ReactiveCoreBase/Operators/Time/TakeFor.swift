extension ObservableType {
  /// Forwards the elements for `duration` after subscription, then completes.
  @inlinable
  public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    Producer((asObservable(), duration, scheduler)) { payload, sink, lifetime in
      let state = TakeForSink(sink)
      state.timer.disposable = payload.2.scheduleRelative(after: payload.1) { [state] in
        state.timerFired(0)
        return Disposables.create()
      }
      state.upstream.setDisposable(payload.0.run(state.on, lifetime))
      return state
    }
  }

  /// Deprecated name of `take(for:scheduler:)`.
  @available(*, deprecated, renamed: "take(for:scheduler:)")
  @inlinable
  public func take(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    take(for: duration, scheduler: scheduler)
  }
}

@usableFromInline
final class TakeForSink<Element>: TimedSink<Element>, @unchecked Sendable {
  @inlinable func on(_ event: Event<Element>) {
    lock.lock()
    defer { lock.unlock() }
    forward(event)
  }

  @inlinable override func timerFired(_ id: UInt64) {
    lock.lock()
    defer { lock.unlock() }
    forward(.completed)
  }
}
