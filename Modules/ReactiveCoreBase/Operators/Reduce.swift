extension ObservableType {
  /// Folds every element into `seed` with `accumulator` and emits the final result, then
  /// completes, when this sequence completes.
  ///
  /// The state starts anew, from `seed`, for each subscription. An error from this sequence
  /// or thrown by `accumulator` ends the result with that error and nothing else.
  @inlinable
  public func reduce<A>(_ seed: A, accumulator: @escaping (A, Element) throws -> A)
    -> Observable<A>
  {
    reduce(seed, accumulator: accumulator, mapResult: { $0 })
  }

  /// Folds every element into `seed` with `accumulator`, and when this sequence completes,
  /// emits `mapResult` of the final state, then completes.
  ///
  /// An error from this sequence, or thrown by `accumulator` or `mapResult`, ends the result
  /// with that error.
  @inlinable
  public func reduce<A, Result>(
    _ seed: A, accumulator: @escaping (A, Element) throws -> A,
    mapResult: @escaping (A) throws -> Result
  ) -> Observable<Result> {
    Producer((asObservable(), seed, accumulator, mapResult)) { payload, sink, lifetime in
      let (source, seed, accumulator, mapResult) = payload
      let state = Box((seed, false))
      return source.run(
        { event in
          if state.value.1 { return }
          switch event {
          case .next(let value):
            do { state.value.0 = try accumulator(state.value.0, value) } catch {
              state.value.1 = true
              sink(.error(error))
            }
          case .error(let error):
            state.value.1 = true
            sink(.error(error))
          case .completed:
            state.value.1 = true
            let result: Result
            do { result = try mapResult(state.value.0) } catch {
              sink(.error(error))
              return
            }
            sink(.next(result))
            sink(.completed)
          }
        }, lifetime)
    }
  }
}
