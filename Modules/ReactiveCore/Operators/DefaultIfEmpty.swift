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

  /// Mirrors this sequence; if it completes without any element, continues with `other`.
  ///
  /// Errors of this sequence are forwarded; `other` is mirrored to its end. Disposing the
  /// result disposes whichever sequence is running.
  @inlinable
  public func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
    Producer((asObservable(), other)) { payload, sink, lifetime in
      let (source, other) = payload
      let handoff = Handoff(lifetime)
      let first = handoff.first
      let isEmpty = Box(true)
      first.setDisposable(
        source.run(
          { event in
            guard first.isActive else { return }
            switch event {
            case .next: isEmpty.value = false
            case .completed where isEmpty.value:
              first.dispose()
              handoff.switchTo(other, sink)
              return
            default: break
            }
            sink(event)
          }, first))
      return handoff
    }
  }
}
