extension ObservableType {
  /// Succeeds with the first element, or with `nil` if this sequence completes empty; fails
  /// with this sequence's error if it fails first.
  ///
  /// Succeeds as soon as the first element arrives, which ends the subscription to this
  /// sequence.
  @inlinable
  public func first() -> Single<Element?> {
    Single(raw: firstElement())
  }

  /// The first element, or `nil` if this sequence completes empty, then completion; the
  /// sequence's error instead, if it comes first.
  @inlinable
  func firstElement() -> Observable<Element?> {
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
