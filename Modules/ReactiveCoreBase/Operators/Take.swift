extension ObservableType {
  /// The first `count` elements, then `.completed`.
  ///
  /// Completes right after the `count`-th element, which ends the subscription to this
  /// sequence (a synchronous source stops there); `take(0)` completes at once without
  /// subscribing. An earlier error or completion is forwarded. `count` must not be negative.
  @inlinable
  public func take(_ count: Int) -> Observable<Element> {
    precondition(count >= 0, "take(_:) needs a count of zero or more")
    if count == 0 { return Observable.empty() }
    return Producer((asObservable(), count)) { payload, sink, lifetime in
      let remaining = Box(payload.1)
      return payload.0.run(
        { event in
          guard remaining.value > 0 else { return }
          switch event {
          case .next:
            remaining.value -= 1
            let isLast = remaining.value == 0
            sink(event)
            if isLast { sink(.completed) }
          case .error, .completed:
            remaining.value = 0
            sink(event)
          }
        }, lifetime)
    }
  }
}
