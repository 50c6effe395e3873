extension ObservableType where Element: FixedWidthInteger {
  /// The `count` integers from `start`, then `.completed`.
  @inlinable
  public static func range(
    start: Element, count: Element,
    scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
  ) -> Observable<Element> {
    precondition(count >= 0, "range(start:count:) needs a count of zero or more")
    precondition(
      count == 0 || !start.addingReportingOverflow(count - 1).overflow,
      "range(start:count:) would overflow its element type")
    return Producer((RangeSteps(start: start, count: count), scheduler)) {
      payload, sink, lifetime in
      runSteps(payload.0, on: payload.1, sink, lifetime)
    }
  }
}
