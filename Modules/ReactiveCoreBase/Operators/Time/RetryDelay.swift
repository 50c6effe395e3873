import Foundation

extension ObservableType {
  /// Subscribes to the source up to `maxAttempts` times in all (the first attempt and
  /// `maxAttempts - 1` retries), waiting `delay` on `scheduler` before each retry.
  ///
  /// The error of the last attempt is forwarded. Disposing the subscription during a wait
  /// cancels the pending retry. `retry(3, delay: .exponential(initial: .milliseconds(200),
  /// multiplier: 2), scheduler: s)` retries twice, 200 ms and then 400 ms after each failure.
  ///
  /// `ReactiveCore` gives it as `retry(_:delay:scheduler:)`, with a `RetryDelay`.
  @inlinable
  package func retry(
    _ maxAttempts: Int, delayBeforeRetry: @escaping @Sendable (Int) -> RxTimeInterval?,
    scheduler: SchedulerType
  ) -> Observable<Element> {
    precondition(maxAttempts >= 1, "retry(_:delay:scheduler:) needs maxAttempts of at least 1")
    return Producer((asObservable(), maxAttempts, delayBeforeRetry, scheduler)) {
      payload, sink, lifetime in
      let state = RetryWithDelaySink(
        sink, lifetime, source: payload.0, maxAttempts: payload.1, delay: payload.2,
        scheduler: payload.3)
      state.subscribeAgain()
      return state
    }
  }
}

@usableFromInline
final class RetryWithDelaySink<Element>: ResubscribingSink<Element>, @unchecked Sendable {
  // `failures` is guarded by `lock`.
  @usableFromInline let maxAttempts: Int
  @usableFromInline let delay: @Sendable (Int) -> RxTimeInterval?
  @usableFromInline let scheduler: SchedulerType
  @usableFromInline @exclusivity(unchecked) var failures = 0

  @inlinable init(
    _ sink: @escaping EventSink<Element>, _ lifetime: Lifetime, source: Observable<Element>,
    maxAttempts: Int, delay: @escaping @Sendable (Int) -> RxTimeInterval?, scheduler: SchedulerType
  ) {
    self.maxAttempts = maxAttempts
    self.delay = delay
    self.scheduler = scheduler
    super.init(sink, lifetime, source: source)
  }

  @inlinable override func timerFired(_ id: UInt64) {
    subscribeAgain()
  }

  @inlinable override func failed(with error: Swift.Error) {
    failures += 1
    guard failures < maxAttempts else {
      forward(.error(error))
      return
    }
    guard let wait = delay(failures) else {
      subscribeAgain()
      return
    }
    timer.disposable = scheduler.scheduleRelative(after: wait) { [self] in
      self.timerFired(0)
      return Disposables.create()
    }
  }
}
