import Foundation
import PostgresClient
import Testing

/// The PostgreSQL these tests run against: the cluster that `POSTGRES_TEST_URL` names (CI
/// starts one with `Scripts/postgres-cluster.sh`), in a package built with the Postgres trait.
enum PostgresTestDatabase {
  /// The server's connection string, or `nil` when the tests cannot reach one.
  static let url: PostgresURL? = {
    #if Postgres
      return ProcessInfo.processInfo.environment["POSTGRES_TEST_URL"].flatMap(PostgresURL.init)
    #else
      return nil
    #endif
  }()

  /// Why the tests that need a server were skipped.
  static let unavailable: Comment =
    "needs PostgreSQL: build with `--traits Postgres` and set POSTGRES_TEST_URL (Scripts/postgres-cluster.sh start DIR prints one)"

  #if Postgres
    /// Creates a database of its own for one test, passes its connection string to `body`,
    /// and drops it afterwards, so tests running in parallel never share tables.
    static func withDatabase<T>(_ body: (PostgresURL) throws -> T) throws -> T {
      let server = try #require(url)
      let name = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
      let admin = try PostgresConnection(url: server)
      // A database's name cannot be a parameter; this one is made of [a-z0-9_] above.
      try admin.query("CREATE DATABASE \(name)")
      defer { _ = try? admin.query("DROP DATABASE \(name) WITH (FORCE)") }
      return try body(try #require(database(name, of: server)))
    }

    /// `server`'s connection string with its database replaced by `name`.
    private static func database(_ name: String, of server: PostgresURL) -> PostgresURL? {
      var components = URLComponents(string: server.connectionString)
      components?.path = "/" + name
      return components?.string.flatMap(PostgresURL.init)
    }
  #endif
}
