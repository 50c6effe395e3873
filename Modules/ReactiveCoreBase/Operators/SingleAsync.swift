extension ObservableType {
  /// The only element of this sequence, then `.completed`.
  ///
  /// The element is emitted as soon as it arrives. A second element ends the result with
  /// `RxError.moreThanOneElement`; completing without any element ends it with
  /// `RxError.noElements`. Errors are forwarded.
  @inlinable
  public func single() -> Observable<Element> {
    single { _ in true }
  }

  /// The only element that satisfies `predicate`, then `.completed`.
  ///
  /// The element is emitted as soon as it arrives. A second matching element ends the result
  /// with `RxError.moreThanOneElement`; completing without a match ends it with
  /// `RxError.noElements`. Errors, including one thrown by `predicate`, are forwarded.
  @inlinable
  public func single(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
    Producer((asObservable(), predicate)) { payload, sink, lifetime in
      let (source, predicate) = payload
      // 0: nothing seen yet, 1: one element seen, 2: ended.
      let state = Box(0)
      return source.run(
        { event in
          guard state.value < 2 else { return }
          switch event {
          case .next(let value):
            do {
              guard try predicate(value) else { return }
            } catch {
              state.value = 2
              sink(.error(error))
              return
            }
            if state.value == 1 {
              state.value = 2
              sink(.error(RxError.moreThanOneElement))
              return
            }
            state.value = 1
            sink(event)
          case .error:
            state.value = 2
            sink(event)
          case .completed:
            let seen = state.value == 1
            state.value = 2
            sink(seen ? .completed : .error(RxError.noElements))
          }
        }, lifetime)
    }
  }
}
