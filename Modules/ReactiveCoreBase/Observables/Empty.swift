extension ObservableType {
  /// A sequence that completes at once, without elements.
  @inlinable
  public static func empty() -> Observable<Element> {
    Producer((), startsTrampoline: false) { _, sink, _ in
      sink(.completed)
      return Disposables.create()
    }
  }

}
