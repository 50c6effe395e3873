import LocalBackend

extension StoreSeed {
  /// A new data directory's starting data with the account's password hashed with few
  /// iterations, so that tests that log in stay fast; the shipped seeds use the full count.
  static let quickLogin = StoreSeed.demo.withPassword(StoreSeed.demoPassword, iterations: 1_000)
}
