import ReactiveCore

extension ObservableType {
  /// This sequence, with `work` subscribed for exactly as long as this sequence is.
  ///
  /// `work`'s elements are dropped and its completion is ignored; its error ends the result.
  /// A screen uses it to keep a shared chain with side effects (a fetcher that saves to a
  /// cache) running while it shows something read from elsewhere (the cache).
  func keepingRunning<Work>(_ work: Observable<Work>) -> Observable<Element> {
    Observable.merge(asObservable(), work.flatMap { _ in Observable<Element>.empty() })
  }
}
