extension ObservableType {
  /// The sequence as a `Single`: succeeds with its only element once it completes.
  ///
  /// Fails with `RxError.noElements` if it completes empty, and with
  /// `RxError.moreThanOneElement` as soon as a second element arrives (disposing the
  /// source).
  @inlinable
  public func asSingle() -> Single<Element> {
    Single(raw: onlyElement(required: true))
  }

  /// The sequence as a `Maybe`: emits its only element once it completes, or completes empty.
  ///
  /// Fails with `RxError.moreThanOneElement` as soon as a second element arrives.
  @inlinable
  public func asMaybe() -> Maybe<Element> {
    Maybe(raw: onlyElement(required: false))
  }

  /// The single element of the sequence, delivered with the completion.
  @inlinable
  func onlyElement(required: Bool) -> Observable<Element> {
    Producer((asObservable(), required)) { payload, sink, lifetime in
      let state = Box<(element: Element?, stopped: Bool)>((nil, false))
      return payload.0.run(
        { event in
          guard !state.value.stopped else { return }
          switch event {
          case .next(let element):
            if state.value.element == nil {
              state.value.element = element
            } else {
              state.value.stopped = true
              sink(.error(RxError.moreThanOneElement))
            }
          case .error:
            state.value.stopped = true
            sink(event)
          case .completed:
            state.value.stopped = true
            if let element = state.value.element {
              sink(.next(element))
              sink(.completed)
            } else if payload.1 {
              sink(.error(RxError.noElements))
            } else {
              sink(.completed)
            }
          }
        }, lifetime)
    }
  }
}

extension ObservableType where Element == Never {
  /// The sequence, which has no elements, as a `Completable`.
  @inlinable
  public func asCompletable() -> Completable {
    Completable(raw: asObservable())
  }
}
