extension ObservableType {
  /// Pairs each element with its zero-based position.
  ///
  /// The count starts anew for each subscription. Completion, errors and disposal are those of
  /// this sequence.
  @inlinable
  public func enumerated() -> Observable<(index: Int, element: Element)> {
    Producer(asObservable()) { source, sink, lifetime in
      let index = Box(0)
      return source.run(
        { event in
          switch event {
          case .next(let value):
            let position = index.value
            index.value += 1
            sink(.next((index: position, element: value)))
          case .error(let error): sink(.error(error))
          case .completed: sink(.completed)
          }
        }, lifetime)
    }
  }
}
