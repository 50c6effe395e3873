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

  /// A sequence of the wrapped value if there is one, then `.completed`.
  public static func from(optional: Element?) -> Observable<Element> {
    from(sequence: optional.map { [$0] } ?? [], scheduler: CurrentThreadScheduler.instance)
  }

  /// A sequence of the wrapped value if there is one, then `.completed`, on `scheduler`.
  public static func from(optional: Element?, scheduler: ImmediateSchedulerType)
    -> Observable<Element>
  {
    from(sequence: optional.map { [$0] } ?? [], scheduler: scheduler)
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

extension ObservableType where Element: FixedWidthInteger {
  /// The `count` integers from `start`, then `.completed`.
  @inlinable
  public static func range(
    start: Element, count: Element,
    scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
  ) -> Observable<Element> {
    precondition(count >= 0, "range(start:count:) needs a count of zero or more")
    precondition(
      count == 0 || !start.addingReportingOverflow(count - 1).overflow,
      "range(start:count:) would overflow its element type")
    return Producer((RangeSteps(start: start, count: count), scheduler)) {
      payload, sink, lifetime in
      runSteps(payload.0, on: payload.1, sink, lifetime)
    }
  }
}
