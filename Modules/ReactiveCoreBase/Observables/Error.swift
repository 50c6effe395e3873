extension ObservableType {
  /// A sequence that fails at once with `error`.
  @inlinable
  public static func error(_ error: Swift.Error) -> Observable<Element> {
    Producer(error, startsTrampoline: false) { error, sink, _ in
      sink(.error(error))
      return Disposables.create()
    }
  }

}
