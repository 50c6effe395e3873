extension ObservableType {
  /// The first element, or `nil` if this sequence completes empty, then `.completed`.
  ///
  /// Completes right after the first element, which ends the subscription to this sequence.
  /// Errors are forwarded.
  @inlinable
  public func first() -> Observable<Element?> {
    Producer(asObservable()) { source, sink, lifetime in
      let done = Box(false)
      return source.run(
        { event in
          guard !done.value else { return }
          done.value = true
          switch event {
          case .next(let value):
            sink(.next(value))
            sink(.completed)
          case .error(let error): sink(.error(error))
          case .completed:
            sink(.next(nil))
            sink(.completed)
          }
        }, lifetime)
    }
  }
}
