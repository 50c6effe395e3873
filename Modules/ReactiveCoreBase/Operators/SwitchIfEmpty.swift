extension ObservableType {
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
