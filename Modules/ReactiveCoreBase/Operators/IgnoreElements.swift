extension ObservableType {
  /// Drops every element and mirrors only the terminal event.
  ///
  /// As in RxSwift, where it is a `flatMap` to empty sequences, this sequence's subscription is
  /// disposed before the completion is sent, and after an error is.
  @inlinable
  public func ignoreElements() -> Observable<Never> {
    Producer(asObservable()) { source, sink, lifetime in
      let subscription = InnerSubscription(parent: lifetime)
      subscription.setDisposable(
        source.run(
          { event in
            switch event {
            case .next: break
            case .error(let error): sink(.error(error))
            case .completed:
              subscription.dispose()
              sink(.completed)
            }
          }, subscription))
      return subscription
    }
  }
}
