extension ObservableType {
  /// Subscribes to the source, and later disposes that subscription, on `scheduler`.
  ///
  /// It moves the work of subscribing (and of sources that emit during `subscribe`) to the
  /// scheduler; it does not change where later events are delivered (see `observe(on:)`).
  @inlinable
  public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
    Producer((asObservable(), scheduler)) { payload, sink, lifetime in
      let (source, scheduler) = payload
      let everything = SerialDisposable()
      let pending = SingleAssignmentDisposable()
      everything.disposable = pending
      pending.setDisposable(
        scheduler.schedule(source) { source in
          let subscription = source.run(sink, lifetime)
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
