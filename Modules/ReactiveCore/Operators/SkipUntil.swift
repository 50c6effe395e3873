extension ObservableType {
  /// Drops elements until `other` emits an element, then mirrors this sequence.
  ///
  /// This sequence is subscribed first, then `other`; `other` is disposed after its first
  /// element. An error from either ends the result. This sequence's completion is forwarded
  /// only once `other` has emitted; before that it ends the subscription silently, as in
  /// RxSwift. Disposing the result disposes both.
  @inlinable
  public func skip<Source: ObservableType>(until other: Source) -> Observable<Element> {
    Producer((asObservable(), other.asObservable())) { payload, sink, lifetime in
      let group = GroupSink(count: 2, state: false, sink, lifetime)
      group.subscribe(payload.0, at: 0) { group, event in
        switch event {
        case .next(let value): if group.state { group.forward(value) }
        case .error: group.stop(event)
        case .completed:
          if group.state {
            group.stop(event)
          } else {
            group.dispose()
          }
        }
      }
      group.subscribe(payload.1, at: 1) { group, event in
        switch event {
        case .next:
          group.state = true
          group.finish(1)
        case .error(let error): group.stop(.error(error))
        case .completed: group.finish(1)
        }
      }
      return group
    }
  }
}
