extension ObservableType {
  /// Drops every element and mirrors only the terminal event.
  @inlinable
  public func ignoreElements() -> Observable<Never> {
    Producer(asObservable()) { source, sink, lifetime in
      source.run(
        { event in
          switch event {
          case .next: break
          case .error(let error): sink(.error(error))
          case .completed: sink(.completed)
          }
        }, lifetime)
    }
  }
}
