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

  /// Keeps the elements for which `predicate` is true; a thrown error ends the sequence.
  @inlinable
  public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
    Producer(asObservable()) { source, sink, lifetime in
      source.run(
        { event in
          switch event {
          case .next(let value):
            let keep: Bool
            do { keep = try predicate(value) } catch {
              sink(.error(error))
              return
            }
            if keep { sink(event) }
          case .error, .completed: sink(event)
          }
        }, lifetime)
    }
  }
}
