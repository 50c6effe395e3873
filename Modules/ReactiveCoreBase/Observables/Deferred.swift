extension ObservableType {
  /// A sequence made anew for each subscriber by `observableFactory`; a thrown error becomes
  /// the sequence's error.
  public static func deferred(_ observableFactory: @escaping () throws -> Observable<Element>)
    -> Observable<Element>
  {
    Producer(observableFactory) { factory, sink, lifetime in
      do {
        return try factory().run(sink, lifetime)
      } catch {
        sink(.error(error))
        return Disposables.create()
      }
    }
  }
}
