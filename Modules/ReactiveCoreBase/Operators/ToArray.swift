extension ObservableType {
  /// Collects every element and succeeds with them as one array when this sequence
  /// completes (an empty array if it had none); an error from this sequence is the `Single`'s
  /// error instead.
  @inlinable
  public func toArray() -> Single<[Element]> {
    Single(raw: collectedElements())
  }

  /// Every element as one array, then completion; the sequence's error instead, if any.
  @inlinable
  func collectedElements() -> Observable<[Element]> {
    Producer(asObservable()) { source, sink, lifetime in
      let elements = Box<[Element]?>([])
      return source.run(
        { event in
          guard elements.value != nil else { return }
          switch event {
          case .next(let value): elements.value!.append(value)
          case .error(let error):
            elements.value = nil
            sink(.error(error))
          case .completed:
            let result = elements.value!
            elements.value = nil
            sink(.next(result))
            sink(.completed)
          }
        }, lifetime)
    }
  }
}
