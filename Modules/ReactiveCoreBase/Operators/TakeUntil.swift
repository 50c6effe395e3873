extension ObservableType {
  /// The elements until `other` emits an element, which completes the result.
  ///
  /// `other` is subscribed first. An error from `other` ends the result with that error; its
  /// completion without elements changes nothing. Completing or failing disposes both
  /// sequences, and so does disposing the result.
  @inlinable
  public func take<Source: ObservableType>(until other: Source) -> Observable<Element> {
    Producer((asObservable(), other.asObservable())) { payload, sink, lifetime in
      let group = GroupSink(count: 2, state: (), sink, lifetime)
      group.subscribe(payload.1, at: 1) { group, event in
        switch event {
        case .next: group.stop(.completed)
        case .error(let error): group.stop(.error(error))
        case .completed: group.finish(1)
        }
      }
      group.subscribe(payload.0, at: 0) { group, event in
        switch event {
        case .next(let value): group.forward(value)
        case .error, .completed: group.stop(event)
        }
      }
      return group
    }
  }
}
