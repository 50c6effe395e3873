extension ObservableType {
  /// Drops the first `count` elements and mirrors the rest.
  ///
  /// Completion, errors and disposal are those of this sequence. `count` must not be
  /// negative.
  @inlinable
  public func skip(_ count: Int) -> Observable<Element> {
    precondition(count >= 0, "skip(_:) needs a count of zero or more")
    return Producer((asObservable(), count)) { payload, sink, lifetime in
      let remaining = Box(payload.1)
      return payload.0.run(
        { event in
          if case .next = event, remaining.value > 0 {
            remaining.value -= 1
            return
          }
          sink(event)
        }, lifetime)
    }
  }
}
