extension ObservableType {
  /// Transforms each element with `transform`; a thrown error ends the sequence with that
  /// error.
  @inlinable
  public func map<Result>(_ transform: @escaping (Element) throws -> Result)
    -> Observable<Result>
  {
    Producer(asObservable()) { source, sink, lifetime in
      source.run(
        { event in
          switch event {
          case .next(let value):
            let result: Result
            do { result = try transform(value) } catch {
              sink(.error(error))
              return
            }
            sink(.next(result))
          case .error(let error): sink(.error(error))
          case .completed: sink(.completed)
          }
        }, lifetime)
    }
  }
}
