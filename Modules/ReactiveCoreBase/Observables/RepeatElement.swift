extension ObservableType {
  /// An endless sequence that repeats `element`.
  ///
  /// One element per scheduled step until the subscriber is done, for example after `take(3)`;
  /// on `CurrentThreadScheduler` (the default) the steps run on the thread's trampoline, before
  /// the outermost `subscribe` on the thread returns.
  @inlinable
  public static func repeatElement(
    _ element: Element, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
  ) -> Observable<Element> {
    Producer((RepeatSteps(element), scheduler)) { payload, sink, lifetime in
      runSteps(payload.0, on: payload.1, sink, lifetime)
    }
  }
}
