extension ObservableType {
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
