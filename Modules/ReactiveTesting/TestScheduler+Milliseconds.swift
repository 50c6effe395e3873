extension TestScheduler {
  /// A scheduler whose tick is one millisecond and that adds no processing delay: what
  /// view-model and service tests use, so that `.next(300, …)` means 300 ms.
  ///
  /// The same as `TestScheduler(initialClock: initialClock, resolution: 0.001,
  /// simulateProcessingDelay: false)`.
  public static func milliseconds(initialClock: TestTime = 0) -> TestScheduler {
    TestScheduler(initialClock: initialClock, resolution: 0.001, simulateProcessingDelay: false)
  }
}
