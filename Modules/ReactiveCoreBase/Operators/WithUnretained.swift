extension ObservableType {
  /// Combines each element with `obj`, held weakly, using `resultSelector`.
  ///
  /// If `obj` is gone when an element arrives, the sequence completes instead. Errors and
  /// completion of this sequence are forwarded.
  @inlinable
  public func withUnretained<Object: AnyObject, Out>(
    _ obj: Object, resultSelector: @escaping (Object, Element) -> Out
  ) -> Observable<Out> {
    Producer((asObservable(), WeakReference(obj), resultSelector)) { payload, sink, lifetime in
      let (source, reference, resultSelector) = payload
      let done = Box(false)
      return source.run(
        { event in
          guard !done.value else { return }
          switch event {
          case .next(let value):
            guard let object = reference.object else {
              done.value = true
              sink(.completed)
              return
            }
            sink(.next(resultSelector(object, value)))
          case .error(let error):
            done.value = true
            sink(.error(error))
          case .completed:
            done.value = true
            sink(.completed)
          }
        }, lifetime)
    }
  }

  /// Pairs each element with `obj`, held weakly; see `withUnretained(_:resultSelector:)`.
  @inlinable
  public func withUnretained<Object: AnyObject>(_ obj: Object) -> Observable<(Object, Element)> {
    withUnretained(obj) { ($0, $1) }
  }
}

/// A weak reference, for operators that must not keep an object alive.
@usableFromInline
struct WeakReference<Object: AnyObject> {
  @usableFromInline weak var object: Object?

  @inlinable init(_ object: Object) {
    self.object = object
  }
}
