extension ObservableType {
  /// Emits each intermediate result of folding the elements into `seed` with `accumulator`.
  ///
  /// The state starts anew, from `seed`, for each subscription. A thrown error ends the
  /// sequence with that error.
  @inlinable
  public func scan<Accumulate>(
    _ seed: Accumulate, accumulator: @escaping (Accumulate, Element) throws -> Accumulate
  ) -> Observable<Accumulate> {
    scan(into: seed) { state, element in state = try accumulator(state, element) }
  }

  /// Emits each intermediate result of folding the elements into `seed` in place.
  @inlinable
  public func scan<Accumulate>(
    into seed: Accumulate, accumulator: @escaping (inout Accumulate, Element) throws -> Void
  ) -> Observable<Accumulate> {
    Producer((asObservable(), seed)) { payload, sink, lifetime in
      let state = Box(payload.1)
      return payload.0.run(
        { event in
          switch event {
          case .next(let value):
            do { try accumulator(&state.value, value) } catch {
              sink(.error(error))
              return
            }
            sink(.next(state.value))
          case .error(let error): sink(.error(error))
          case .completed: sink(.completed)
          }
        }, lifetime)
    }
  }
}
