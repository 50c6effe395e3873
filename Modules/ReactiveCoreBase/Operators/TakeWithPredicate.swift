/// Whether `take(while:behavior:)` and `take(until:behavior:)` also emit the element that
/// ended the sequence.
public enum TakeBehavior: Sendable {
  /// Also emit the element that ended the sequence.
  case inclusive
  /// Do not emit the element that ended the sequence.
  case exclusive
}

extension ObservableType {
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
}
