extension ObservableType {
  /// The last `count` elements, emitted together when this sequence completes, then
  /// `.completed`.
  ///
  /// Keeps at most `count` elements. An error is forwarded and the kept elements are dropped.
  /// `count` must not be negative.
  @inlinable
  public func takeLast(_ count: Int) -> Observable<Element> {
    precondition(count >= 0, "takeLast(_:) needs a count of zero or more")
    return Producer((asObservable(), count)) { payload, sink, lifetime in
      let (source, count) = payload
      let kept = Box(FIFO<Element>())
      return source.run(
        { event in
          switch event {
          case .next(let value):
            guard count > 0 else { return }
            kept.value.append(value)
            if kept.value.count > count { _ = kept.value.removeFirst() }
          case .error:
            kept.value = FIFO()
            sink(event)
          case .completed:
            let elements = kept.value.elements
            kept.value = FIFO()
            for element in elements {
              if lifetime.isEnded { return }
              sink(.next(element))
            }
            sink(.completed)
          }
        }, lifetime)
    }
  }
}
