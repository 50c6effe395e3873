extension ObservableType {
  /// Drops elements while `predicate` holds, then mirrors every later element.
  ///
  /// `predicate` is not called again once it returned `false`. A thrown error ends the
  /// sequence with that error.
  @inlinable
  public func skip(while predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
    Producer((asObservable(), predicate)) { payload, sink, lifetime in
      let (source, predicate) = payload
      let skipping = Box(true)
      return source.run(
        { event in
          if skipping.value, case .next(let value) = event {
            do {
              if try predicate(value) { return }
            } catch {
              skipping.value = false
              sink(.error(error))
              return
            }
            skipping.value = false
          }
          sink(event)
        }, lifetime)
    }
  }
}
