extension ObservableType {
  /// Mirrors this sequence; if it completes without any element, emits `default` first.
  ///
  /// Errors are forwarded.
  @inlinable
  public func ifEmpty(default: Element) -> Observable<Element> {
    Producer((asObservable(), `default`)) { payload, sink, lifetime in
      let isEmpty = Box(true)
      return payload.0.run(
        { event in
          switch event {
          case .next: isEmpty.value = false
          case .completed: if isEmpty.value { sink(.next(payload.1)) }
          case .error: break
          }
          sink(event)
        }, lifetime)
    }
  }
}
