extension ObservableType {
  /// A sequence of one element, then `.completed`, both delivered during `subscribe`.
  @inlinable
  public static func just(_ element: Element) -> Observable<Element> {
    Producer(element) { element, sink, _ in
      sink(.next(element))
      sink(.completed)
      return Disposables.create()
    }
  }

  /// A sequence of one element, then `.completed`, delivered on `scheduler` in two steps: the
  /// completion is scheduled after the element is delivered.
  public static func just(_ element: Element, scheduler: ImmediateSchedulerType)
    -> Observable<Element>
  {
    Producer((element, scheduler)) { payload, sink, lifetime in
      runSteps(JustSteps(payload.0), on: payload.1, sink, lifetime)
    }
  }
}
