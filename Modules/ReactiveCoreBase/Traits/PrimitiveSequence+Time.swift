// Traits' scheduler and time operators: each forwards to the `Observable` operator of the same
// name, which keeps the trait's grammar.

extension PrimitiveSequence {
  /// Delivers the outcome `dueTime` later, on `scheduler`.
  @inlinable
  public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence {
    PrimitiveSequence(raw: source.delay(dueTime, scheduler: scheduler))
  }

  /// Subscribes to the source `dueTime` after being subscribed, on `scheduler`.
  @inlinable
  public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType)
    -> PrimitiveSequence
  {
    PrimitiveSequence(raw: source.delaySubscription(dueTime, scheduler: scheduler))
  }

  /// Delivers the outcome on `scheduler`.
  @inlinable
  public func observe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence {
    PrimitiveSequence(raw: source.observe(on: scheduler))
  }

  /// Subscribes to the source (runs its subscribe logic) on `scheduler`.
  @inlinable
  public func subscribe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence {
    PrimitiveSequence(raw: source.subscribe(on: scheduler))
  }

  /// Fails with `RxError.timeout` when the outcome has not arrived within `dueTime`.
  @inlinable
  public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType)
    -> PrimitiveSequence
  {
    PrimitiveSequence(raw: source.timeout(dueTime, scheduler: scheduler))
  }

  /// Switches to `other` when the outcome has not arrived within `dueTime`.
  @inlinable
  public func timeout(
    _ dueTime: RxTimeInterval, other: PrimitiveSequence, scheduler: SchedulerType
  ) -> PrimitiveSequence {
    PrimitiveSequence(raw: source.timeout(dueTime, other: other.source, scheduler: scheduler))
  }

  /// On each failure, resubscribes when the sequence `notificationHandler` makes of the
  /// errors emits an element; when that sequence ends, so does this one, with its event.
  /// Errors that are not of type `Error` end the sequence.
  @inlinable
  public func retry<TriggerObservable: ObservableType, Error: Swift.Error>(
    when notificationHandler: @escaping (Observable<Error>) -> TriggerObservable
  ) -> PrimitiveSequence {
    PrimitiveSequence(raw: source.retry(when: notificationHandler))
  }

  /// On each failure, resubscribes when the sequence `notificationHandler` makes of the
  /// errors emits an element; when that sequence ends, so does this one, with its event.
  @inlinable
  public func retry<TriggerObservable: ObservableType>(
    when notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
  ) -> PrimitiveSequence {
    PrimitiveSequence(raw: source.retry(when: notificationHandler))
  }
}

extension PrimitiveSequenceType where Element: RxAbstractInteger {
  /// `0` after `dueTime`, on `scheduler`: a `Single` succeeds with it, a `Maybe` emits it and
  /// completes.
  public static func timer(_ dueTime: RxTimeInterval, scheduler: SchedulerType)
    -> PrimitiveSequence<Trait, Element>
  {
    PrimitiveSequence(raw: Observable<Element>.timer(dueTime, scheduler: scheduler))
  }
}
