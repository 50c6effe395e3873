extension ObservableType {
  /// Emits `elements` first, then subscribes to this sequence and mirrors it.
  ///
  /// The prefix is delivered synchronously during `subscribe` and stops early if the subscriber
  /// is done; completion, errors and disposal are those of this sequence.
  @inlinable
  public func startWith(_ elements: Element...) -> Observable<Element> {
    Producer((asObservable(), elements)) { payload, sink, lifetime in
      for element in payload.1 {
        if lifetime.isEnded { return Disposables.create() }
        sink(.next(element))
      }
      if lifetime.isEnded { return Disposables.create() }
      return payload.0.run(sink, lifetime)
    }
  }
}
