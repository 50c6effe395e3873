extension ObservableType {
  /// Drops the elements that arrive within `duration` of the subscription; forwards the rest,
  /// and the terminal event whenever it comes.
  @inlinable
  public func skip(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
    Producer((asObservable(), duration, scheduler)) { payload, sink, lifetime in
      let state = SkipForSink(sink)
      state.timer.disposable = payload.2.scheduleRelative(after: payload.1) { [state] in
        state.timerFired(0)
        return Disposables.create()
      }
      state.upstream.setDisposable(payload.0.run(state.on, lifetime))
      return state
    }
  }
}
@usableFromInline
final class SkipForSink<Element>: TimedSink<Element>, @unchecked Sendable {
  // `isOpen` is guarded by `lock`.
  @usableFromInline @exclusivity(unchecked) var isOpen = false

  @inlinable func on(_ event: Event<Element>) {
    lock.lock()
    defer { lock.unlock() }
    if case .next = event, !isOpen { return }
    forward(event)
  }

  @inlinable override func timerFired(_ id: UInt64) {
    lock.lock()
    defer { lock.unlock() }
    isOpen = true
  }
}
