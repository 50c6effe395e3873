extension ObservableType {
  /// A sequence of the given elements, then `.completed`.
  ///
  /// On `CurrentThreadScheduler` (the default) the elements are delivered one per trampoline
  /// step, before the outermost `subscribe` on the thread returns, and they stop as soon as the
  /// subscriber is done (for example after `take(2)`).
  public static func of(
    _ elements: Element..., scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
  ) -> Observable<Element> {
    from(elements, scheduler: scheduler)
  }

  /// A sequence of the elements of `array`, then `.completed`.
  public static func from(
    _ array: [Element], scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
  ) -> Observable<Element> {
    from(sequence: array, scheduler: scheduler)
  }

  /// A sequence of the elements of `sequence`, then `.completed`.
  public static func from<Source: Sequence>(
    _ sequence: Source, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
  ) -> Observable<Element> where Source.Element == Element {
    from(sequence: sequence, scheduler: scheduler)
  }

  @inlinable
  static func from<Source: Sequence>(sequence: Source, scheduler: ImmediateSchedulerType)
    -> Observable<Element> where Source.Element == Element
  {
    Producer((sequence, scheduler)) { payload, sink, lifetime in
      runSteps(SequenceSteps(payload.0.makeIterator()), on: payload.1, sink, lifetime)
    }
  }
}
