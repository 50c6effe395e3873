extension ObservableType {
  /// A sequence of the given elements, then `.completed`.
  ///
  /// On `CurrentThreadScheduler` (the default) the elements are delivered during `subscribe`,
  /// in a loop that stops as soon as the subscriber is done (for example after `take(2)`).
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
      if payload.1 is CurrentThreadScheduler {
        for element in payload.0 {
          if lifetime.isEnded { return Disposables.create() }
          sink(.next(element))
        }
        if !lifetime.isEnded { sink(.completed) }
        return Disposables.create()
      }
      return payload.1.scheduleRecursive(payload.0.makeIterator()) { iterator, recurse in
        var iterator = iterator
        if let element = iterator.next() {
          sink(.next(element))
          recurse(iterator)
        } else {
          sink(.completed)
        }
      }
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
    if scheduler is CurrentThreadScheduler {
      return Producer((start, count)) { payload, sink, lifetime in
        var offset: Element = 0
        while offset < payload.1 {
          if lifetime.isEnded { return Disposables.create() }
          sink(.next(payload.0 + offset))
          offset += 1
        }
        if !lifetime.isEnded { sink(.completed) }
        return Disposables.create()
      }
    }
    return from(sequence: (0..<count).lazy.map { start + $0 }, scheduler: scheduler)
  }
}
