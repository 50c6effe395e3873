extension ObservableType {
  /// Combines each element of this sequence with the latest element of `second`, using
  /// `resultSelector`; elements that arrive before `second` has emitted are dropped.
  ///
  /// `second` is subscribed first. The result completes when this sequence completes (the
  /// completion of `second` changes nothing); an error from either sequence or from
  /// `resultSelector` ends it. Ending or disposing the result disposes both sequences.
  @inlinable
  public func withLatestFrom<Source: ObservableConvertibleType, ResultType>(
    _ second: Source, resultSelector: @escaping (Element, Source.Element) throws -> ResultType
  ) -> Observable<ResultType> {
    Producer((asObservable(), second.asObservable(), resultSelector)) {
      payload, sink, lifetime in
      let (first, second, resultSelector) = payload
      let group = GroupSink(count: 2, state: Source.Element?.none, sink, lifetime)
      group.subscribe(second, at: 1) { group, event in
        switch event {
        case .next(let value): group.state = value
        case .error(let error): group.stop(.error(error))
        case .completed: group.finish(1)
        }
      }
      group.subscribe(first, at: 0) { group, event in
        switch event {
        case .next(let value):
          guard let latest = group.state else { return }
          let result: ResultType
          do { result = try resultSelector(value, latest) } catch {
            group.stop(.error(error))
            return
          }
          group.forward(result)
        case .error(let error): group.stop(.error(error))
        case .completed: group.stop(.completed)
        }
      }
      return group
    }
  }

  /// Emits the latest element of `second` for each element of this sequence; see
  /// `withLatestFrom(_:resultSelector:)`.
  @inlinable
  public func withLatestFrom<Source: ObservableConvertibleType>(_ second: Source)
    -> Observable<Source.Element>
  {
    withLatestFrom(second) { $1 }
  }
}
