extension ObservableType {
  /// A sequence of the wrapped value if there is one, then `.completed`.
  public static func from(optional: Element?) -> Observable<Element> {
    from(sequence: optional.map { [$0] } ?? [], scheduler: CurrentThreadScheduler.instance)
  }

  /// A sequence of the wrapped value if there is one, then `.completed`, on `scheduler`.
  public static func from(optional: Element?, scheduler: ImmediateSchedulerType)
    -> Observable<Element>
  {
    from(sequence: optional.map { [$0] } ?? [], scheduler: scheduler)
  }
}
