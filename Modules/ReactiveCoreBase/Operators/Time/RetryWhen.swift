extension ObservableType {
  /// Resubscribes to the source after an error of type `Error` each time the observable that
  /// `notificationHandler` builds from those errors emits an element.
  ///
  /// When that observable completes, the result completes; when it fails, the result fails with
  /// its error. An error of another type is forwarded at once.
  @inlinable
  public func retry<TriggerObservable: ObservableType, Error: Swift.Error>(
    when notificationHandler: @escaping (Observable<Error>) -> TriggerObservable
  ) -> Observable<Element> {
    Producer((asObservable(), notificationHandler)) { payload, sink, lifetime in
      let state = RetryWhenSink<Element, Error, TriggerObservable.Element>(
        sink, lifetime, source: payload.0)
      state.start(payload.1(state.errors.asObservable()).asObservable())
      return state
    }
  }

  /// Resubscribes to the source after an error each time the observable that
  /// `notificationHandler` builds from the errors emits an element.
  ///
  /// When that observable completes, the result completes; when it fails, the result fails with
  /// its error.
  @inlinable
  public func retry<TriggerObservable: ObservableType>(
    when notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
  ) -> Observable<Element> {
    Producer((asObservable(), notificationHandler)) { payload, sink, lifetime in
      let state = RetryWhenSink<Element, Swift.Error, TriggerObservable.Element>(
        sink, lifetime, source: payload.0)
      state.start(payload.1(state.errors.asObservable()).asObservable())
      return state
    }
  }

  /// Deprecated name of `retry(when:)`.
  @available(*, deprecated, renamed: "retry(when:)")
  @inlinable
  public func retryWhen<TriggerObservable: ObservableType, Error: Swift.Error>(
    _ notificationHandler: @escaping (Observable<Error>) -> TriggerObservable
  ) -> Observable<Element> {
    retry(when: notificationHandler)
  }

  /// Deprecated name of `retry(when:)`.
  @available(*, deprecated, renamed: "retry(when:)")
  @inlinable
  public func retryWhen<TriggerObservable: ObservableType>(
    _ notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
  ) -> Observable<Element> {
    retry(when: notificationHandler)
  }
}

/// Resubscribes to a source, one attempt at a time, without growing the stack when attempts fail
/// synchronously. Subclasses decide what an error leads to.
@usableFromInline
class ResubscribingSink<Element>: TimedSink<Element>, @unchecked Sendable {
  // The mutable state is guarded by `lock`; `timer` holds the pending retry, `upstream` the
  // whole operator's extra subscriptions.
  @usableFromInline let source: Observable<Element>
  @usableFromInline let lifetime: Lifetime
  @usableFromInline let attempt = SerialDisposable()
  @usableFromInline @exclusivity(unchecked) var attemptLifetime: Lifetime?
  @usableFromInline @exclusivity(unchecked) var attemptNumber = 0
  @usableFromInline @exclusivity(unchecked) var subscribing = false
  @usableFromInline @exclusivity(unchecked) var resubscribeRequested = false

  @inlinable init(
    _ sink: @escaping EventSink<Element>, _ lifetime: Lifetime, source: Observable<Element>
  ) {
    self.source = source
    self.lifetime = lifetime
    super.init(sink)
  }

  /// Subscribes to the source again, now; if called while subscribing (the previous attempt
  /// failed synchronously), the loop in progress makes the new attempt.
  @inlinable final func subscribeAgain() {
    lock.lock()
    defer { lock.unlock() }
    if subscribing {
      resubscribeRequested = true
      return
    }
    subscribing = true
    defer { subscribing = false }
    repeat {
      resubscribeRequested = false
      guard !isFinished else { return }
      attemptNumber &+= 1
      let number = attemptNumber
      let child = Lifetime(parent: lifetime)
      attemptLifetime = child
      let subscription = SingleAssignmentDisposable()
      attempt.disposable = subscription
      subscription.setDisposable(
        source.runOnTrampoline({ event in self.onAttempt(event, number) }, child))
    } while resubscribeRequested
  }

  @inlinable func onAttempt(_ event: Event<Element>, _ number: Int) {
    lock.lock()
    defer { lock.unlock() }
    guard number == attemptNumber, !isFinished else { return }
    switch event {
    case .next: forward(event)
    case .completed: forward(event)
    case .error(let error):
      attemptLifetime?.end()
      attempt.disposable = Disposables.create()
      failed(with: error)
    }
  }

  /// Decides what an error of the current attempt leads to. Called with `lock` held.
  @inlinable func failed(with error: Swift.Error) {
    forward(.error(error))
  }

  @inlinable override func releaseResources() {
    super.releaseResources()
    attempt.dispose()
  }
}

@usableFromInline
final class RetryWhenSink<Element, Failure, Trigger>: ResubscribingSink<Element>,
  @unchecked Sendable
{
  // The subjects are thread-safe; the rest is guarded by `lock`.
  @usableFromInline let errors = PublishSubject<Failure>()
  @usableFromInline let notifier = PublishSubject<Trigger>()
  @usableFromInline let handlerSubscription = SingleAssignmentDisposable()
  @usableFromInline let triggerSubscription = SerialDisposable()

  @inlinable func start(_ handler: Observable<Trigger>) {
    handlerSubscription.setDisposable(handler.subscribe(notifier))
    subscribeAgain()
  }

  @inlinable override func failed(with error: Swift.Error) {
    guard let typed = error as? Failure else {
      forward(.error(error))
      return
    }
    triggerSubscription.disposable = notifier.subscribe { event in
      self.trigger(event)
    }
    errors.on(.next(typed))
  }

  @inlinable func trigger(_ event: Event<Trigger>) {
    lock.lock()
    defer { lock.unlock() }
    switch event {
    case .next:
      triggerSubscription.disposable = Disposables.create()
      subscribeAgain()
    case .error(let error): forward(.error(error))
    case .completed: forward(.completed)
    }
  }

  @inlinable override func releaseResources() {
    super.releaseResources()
    handlerSubscription.dispose()
    triggerSubscription.dispose()
  }
}
