extension ObservableType {
  /// A sequence that never emits anything.
  @inlinable
  public static func never() -> Observable<Element> {
    Producer((), startsTrampoline: false) { _, _, _ in Disposables.create() }
  }

}
