extension ObservableType {
  /// A sequence of the wrapped value if there is one, then `.completed`, both delivered during
  /// `subscribe`: `just(_:)` or `empty()`.
  @inlinable
  public static func from(optional: Element?) -> Observable<Element> {
    if let optional { return just(optional) }
    return empty()
  }

  /// A sequence of the wrapped value if there is one, then `.completed`, on `scheduler`.
  public static func from(optional: Element?, scheduler: ImmediateSchedulerType)
    -> Observable<Element>
  {
    from(sequence: optional.map { [$0] } ?? [], scheduler: scheduler)
  }
}
