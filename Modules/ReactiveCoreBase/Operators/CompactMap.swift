extension ObservableType {
  /// Transforms each element and drops the `nil` results.
  @inlinable
  public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?)
    -> Observable<Result>
  {
    Producer(asObservable()) { source, sink, lifetime in
      source.run(
        { event in
          switch event {
          case .next(let value):
            let result: Result?
            do { result = try transform(value) } catch {
              sink(.error(error))
              return
            }
            if let result { sink(.next(result)) }
          case .error(let error): sink(.error(error))
          case .completed: sink(.completed)
          }
        }, lifetime)
    }
  }

}
