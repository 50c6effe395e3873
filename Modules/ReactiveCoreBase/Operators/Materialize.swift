extension ObservableType {
  /// Turns every event into an element: `.next(.next(x))` for each element, then
  /// `.next(.error(e))` or `.next(.completed)`, then `.completed`.
  ///
  /// The result never fails.
  @inlinable
  public func materialize() -> Observable<Event<Element>> {
    Producer(asObservable()) { source, sink, lifetime in
      source.run(
        { event in
          sink(.next(event))
          if event.isStopEvent { sink(.completed) }
        }, lifetime)
    }
  }
}
