extension ObservableType {
  /// The element at zero-based position `index`, then `.completed`.
  ///
  /// Completes right after that element, which ends the subscription to this sequence. If this
  /// sequence completes first, the result fails with `RxError.argumentOutOfRange`; its errors
  /// are forwarded. `index` must not be negative.
  @inlinable
  public func element(at index: Int) -> Observable<Element> {
    precondition(index >= 0, "element(at:) needs an index of zero or more")
    return Producer((asObservable(), index)) { payload, sink, lifetime in
      let remaining = Box(payload.1)
      return payload.0.run(
        { event in
          guard remaining.value >= 0 else { return }
          switch event {
          case .next:
            remaining.value -= 1
            if remaining.value < 0 {
              sink(event)
              sink(.completed)
            }
          case .error:
            remaining.value = -1
            sink(event)
          case .completed:
            remaining.value = -1
            sink(.error(RxError.argumentOutOfRange))
          }
        }, lifetime)
    }
  }
}
