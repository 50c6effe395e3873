import LocalBackend

extension StoreSeed {
  /// The demo data with the demo password hashed with few iterations, so that tests that log
  /// in stay fast; the shipped seeds use the full count.
  static let quickDemo = StoreSeed.demo.withPassword(StoreSeed.demoPassword, iterations: 1_000)
}
