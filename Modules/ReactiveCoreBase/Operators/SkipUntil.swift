extension ObservableType {
  /// Drops elements until `other` emits an element, then mirrors this sequence.
  ///
  /// This sequence is subscribed first, then `other`; `other` is disposed after its first
  /// element. An error from either ends the result. This sequence's completion is forwarded
  /// only once `other` has emitted; before that it ends the subscription silently, as in
  /// RxSwift: the subscriber is told nothing, but both sources are disposed and the
  /// subscriber's handlers let go of. Disposing the result disposes both.
  @inlinable
  public func skip<Source: ObservableType>(until other: Source) -> Observable<Element> {
    Producer((asObservable(), other.asObservable())) { payload, sink, lifetime in
      let group = GroupSink(count: 2, state: SkipUntilState.skipping, sink, lifetime)
      group.subscribe(payload.0, at: 0) { group, event in
        switch event {
        case .next(let value): if group.state == .forwarding { group.forward(value) }
        case .error: group.stop(event)
        case .completed:
          if group.state == .forwarding {
            group.stop(event)
          } else {
            group.state = .ended
            group.dispose()
            // The subscription holds the group, which holds the subscriber's handlers,
            // which hold the subscription: it lets go of the group, so that they are freed
            // although no terminal event ends the subscription.
            lifetime.release(upstream: group)
          }
        }
      }
      group.subscribe(payload.1, at: 1) { group, event in
        switch event {
        case .next:
          group.state = .forwarding
          group.finish(1)
        case .error(let error): group.stop(.error(error))
        case .completed: group.finish(1)
        }
      }
      // A source that completed while it was subscribed ended before the subscription could
      // hold the group: it is given nothing to hold instead.
      if group.lock.withLock({ group.state == .ended }) { return Disposables.create() }
      return group
    }
  }
}

/// The state of a `skip(until:)` subscription.
@usableFromInline
enum SkipUntilState {
  /// `other` has not emitted yet: elements are dropped.
  case skipping
  /// `other` emitted: elements and the completion are forwarded.
  case forwarding
  /// The source completed before `other` emitted, which ended everything silently.
  case ended
}
