extension ObservableType where Element: Equatable {
  /// Drops each element equal to the one emitted just before it; the first is always emitted.
  ///
  /// Completion, errors and disposal are those of this sequence.
  @inlinable
  public func distinctUntilChanged() -> Observable<Element> {
    distinctUntilChanged({ $0 }, comparer: { $0 == $1 })
  }
}

extension ObservableType {
  /// Drops each element whose key, made by `keySelector`, equals that of the element emitted
  /// just before it. A thrown error ends the sequence with that error.
  @inlinable
  public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) throws -> Key)
    -> Observable<Element>
  {
    distinctUntilChanged(keySelector, comparer: { $0 == $1 })
  }

  /// Drops each element that `comparer` says equals the element emitted just before it. A
  /// thrown error ends the sequence with that error.
  @inlinable
  public func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool)
    -> Observable<Element>
  {
    distinctUntilChanged({ $0 }, comparer: comparer)
  }

  /// Drops each element whose property at `keyPath` equals that of the element emitted just
  /// before it.
  @inlinable
  public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>)
    -> Observable<Element>
  {
    distinctUntilChanged({ $0[keyPath: keyPath] }, comparer: { $0 == $1 })
  }

  /// Drops each element whose key, made by `keySelector`, `comparer` says equals that of the
  /// element emitted just before it. The first element is always emitted; an error thrown by
  /// either closure ends the sequence with that error.
  @inlinable
  public func distinctUntilChanged<Key>(
    _ keySelector: @escaping (Element) throws -> Key,
    comparer: @escaping (Key, Key) throws -> Bool
  ) -> Observable<Element> {
    Producer((asObservable(), keySelector, comparer)) { payload, sink, lifetime in
      let (source, keySelector, comparer) = payload
      let previous = Box<Key?>(nil)
      return source.run(
        { event in
          switch event {
          case .next(let value):
            let key: Key
            do {
              key = try keySelector(value)
              if let last = previous.value, try comparer(last, key) { return }
            } catch {
              sink(.error(error))
              return
            }
            previous.value = key
            sink(event)
          case .error, .completed: sink(event)
          }
        }, lifetime)
    }
  }
}
