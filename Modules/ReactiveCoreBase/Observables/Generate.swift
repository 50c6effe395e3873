extension ObservableType {
  /// A sequence produced by a loop: `initialState`, then `iterate` applied to the previous
  /// element, for as long as `condition` holds; then `.completed`.
  ///
  /// Each subscription runs its own loop. On `CurrentThreadScheduler` (the default) the elements
  /// are delivered one per trampoline step, before the outermost `subscribe` on the thread
  /// returns, and the loop stops as soon as the subscriber is done, so an endless generator can
  /// be limited with `take`. An error thrown by `condition` or `iterate` ends the sequence with
  /// that error. `iterate` is called only when the next element is needed.
  @inlinable
  public static func generate(
    initialState: Element, condition: @escaping (Element) throws -> Bool,
    scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance,
    iterate: @escaping (Element) throws -> Element
  ) -> Observable<Element> {
    Producer((GenerateSteps(initialState, condition, iterate), scheduler)) {
      payload, sink, lifetime in
      runSteps(payload.0, on: payload.1, sink, lifetime)
    }
  }
}
