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

  /// Drops elements while `predicate` holds, then mirrors every later element.
  ///
  /// `predicate` is not called again once it returned `false`. A thrown error ends the
  /// sequence with that error.
  @inlinable
  public func skip(while predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
    Producer((asObservable(), predicate)) { payload, sink, lifetime in
      let (source, predicate) = payload
      let skipping = Box(true)
      return source.run(
        { event in
          if skipping.value, case .next(let value) = event {
            do {
              if try predicate(value) { return }
            } catch {
              skipping.value = false
              sink(.error(error))
              return
            }
            skipping.value = false
          }
          sink(event)
        }, lifetime)
    }
  }

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
