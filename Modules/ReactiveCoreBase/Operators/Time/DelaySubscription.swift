extension ObservableType {
  /// Subscribes to the source only after `dueTime`.
  @inlinable
  public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType)
    -> Observable<Element>
  {
    Producer((asObservable(), dueTime, scheduler)) { payload, sink, lifetime in
      let subscription = SerialDisposable()
      subscription.disposable = payload.2.scheduleRelative(payload.0, dueTime: payload.1) {
        source in
        subscription.disposable = source.runOnTrampoline(sink, lifetime)
        return Disposables.create()
      }
      return subscription
    }
  }
}
