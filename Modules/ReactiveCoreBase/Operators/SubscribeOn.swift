extension ObservableType {
  /// Subscribes to the source, and later disposes that subscription, on `scheduler`.
  ///
  /// It moves the work of subscribing (and of sources that emit during `subscribe`) to the
  /// scheduler; it does not change where later events are delivered (see `observe(on:)`).
  /// The disposal is scheduled too, also when the source ends with a terminal event: a source
  /// that is not an `Observable` (a custom `ObservableType`) is subscribed directly, so its
  /// subscription is disposed on the scheduler after its terminal event, not at once.
  @inlinable
  public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
    let upstream =
      self as? Observable<Element>
      ?? Producer(self) { source, sink, lifetime in
        let guarded = CreateSink(sink, lifetime, disposesOnStop: false)
        guarded.setDisposable(source.subscribe(AnyObserver(eventHandler: guarded.on)))
        return guarded
      }
    return Producer((upstream, scheduler)) { payload, sink, lifetime in
      let (source, scheduler) = payload
      let everything = SerialDisposable()
      let pending = SingleAssignmentDisposable()
      everything.disposable = pending
      pending.setDisposable(
        scheduler.schedule(source) { source in
          let subscription = source.runOnTrampoline(sink, lifetime)
          everything.disposable = ScheduledDisposable(
            scheduler: scheduler, disposable: subscription)
          return Disposables.create()
        })
      return everything
    }
  }

  /// Deprecated name of `subscribe(on:)`.
  @available(*, deprecated, renamed: "subscribe(on:)")
  @inlinable
  public func subscribeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
    subscribe(on: scheduler)
  }
}
