/// Whether `take(while:behavior:)` and `take(until:behavior:)` also emit the element that
/// ended the sequence.
public enum TakeBehavior: Sendable {
  /// Also emit the element that ended the sequence.
  case inclusive
  /// Do not emit the element that ended the sequence.
  case exclusive
}

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

  /// The elements as long as `predicate` holds; the first element for which it does not ends
  /// the sequence with `.completed` (and is emitted too if `behavior` is `.inclusive`).
  ///
  /// A thrown error ends the sequence with that error. Errors and completion of this sequence
  /// before that are forwarded.
  @inlinable
  public func take(
    while predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive
  ) -> Observable<Element> {
    take(until: { try !predicate($0) }, behavior: behavior)
  }

  /// The elements until one satisfies `predicate`; that one ends the sequence with
  /// `.completed` (and is emitted too if `behavior` is `.inclusive`).
  ///
  /// A thrown error ends the sequence with that error. Errors and completion of this sequence
  /// before that are forwarded.
  @inlinable
  public func take(
    until predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive
  ) -> Observable<Element> {
    Producer((asObservable(), predicate, behavior)) { payload, sink, lifetime in
      let (source, predicate, behavior) = payload
      let running = Box(true)
      return source.run(
        { event in
          guard running.value else { return }
          switch event {
          case .next(let value):
            let isLast: Bool
            do { isLast = try predicate(value) } catch {
              running.value = false
              sink(.error(error))
              return
            }
            if !isLast {
              sink(event)
              return
            }
            running.value = false
            if behavior == .inclusive { sink(event) }
            sink(.completed)
          case .error, .completed:
            running.value = false
            sink(event)
          }
        }, lifetime)
    }
  }

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
      let kept = Box(ElementQueue<Element>())
      return source.run(
        { event in
          switch event {
          case .next(let value):
            guard count > 0 else { return }
            kept.value.enqueue(value)
            if kept.value.count > count { _ = kept.value.dequeue() }
          case .error:
            kept.value = ElementQueue()
            sink(event)
          case .completed:
            let elements = kept.value.elements
            kept.value = ElementQueue()
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
