import Foundation
import PostgresClient
import Testing

/// The PostgreSQL the tests that need one run against: the cluster that `POSTGRES_TEST_URL`
/// names (CI starts one with `Scripts/postgres-cluster.sh`), in a package built with the
/// Postgres trait. Without either, those tests are skipped, and say so by name.
public enum PostgresTestDatabase {
  /// The server's connection string, or `nil` when the tests cannot reach one.
  public static let url: PostgresURL? = {
    #if Postgres
      return ProcessInfo.processInfo.environment["POSTGRES_TEST_URL"].flatMap(PostgresURL.init)
    #else
      return nil
    #endif
  }()

  /// Why the tests that need a server were skipped.
  public static let unavailable: Comment =
    "needs PostgreSQL: build with `--traits Postgres` and set POSTGRES_TEST_URL (Scripts/postgres-cluster.sh start DIR prints one)"

  /// The folder of the cluster's Unix socket and data (`host=` of the connection string),
  /// for the tests that stop or restart it with `Scripts/postgres-cluster.sh`.
  public static var clusterDirectory: String? {
    url.flatMap { URLComponents(string: $0.connectionString) }?.queryItems?
      .first { $0.name == "host" }?.value
  }

  #if Postgres
    /// Creates a database of its own for one test, passes its connection string to `body`,
    /// and drops it afterwards, so tests running in parallel never share tables.
    public static func withDatabase<T>(_ body: (PostgresURL) throws -> T) throws -> T {
      let (name, url) = try create()
      defer { drop(name) }
      return try body(url)
    }

    /// The async version of ``withDatabase(_:)``.
    public static func withDatabase<T>(_ body: (PostgresURL) async throws -> T) async throws
      -> T
    {
      let (name, url) = try create()
      defer { drop(name) }
      return try await body(url)
    }

    private static func create() throws -> (name: String, url: PostgresURL) {
      let name = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
      return (name, try database(named: name))
    }

    /// The database `name` of the test server, created when it does not exist yet: for a test
    /// that opens one place twice (a restart, a second replica). ``drop(_:)`` removes it.
    ///
    /// - Precondition: `name` is made of `[a-z0-9_]`.
    public static func database(named name: String) throws -> PostgresURL {
      precondition(
        name.utf8.allSatisfy {
          $0 == UInt8(ascii: "_") || ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 122)
        },
        "a test database's name is made of [a-z0-9_]")
      let server = try #require(url)
      let admin = try PostgresConnection(url: server)
      let exists = try admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])
      if exists.rows.isEmpty {
        // A database's name cannot be a parameter; this one is made of [a-z0-9_].
        try admin.query("CREATE DATABASE \(name)")
      }
      return try #require(database(name, of: server))
    }

    /// Drops the database `name` of the test server, if it exists.
    public static func drop(_ name: String) {
      // The server may have been restarted by the test: try a few times.
      for attempt in 0..<20 {
        if let server = url, let admin = try? PostgresConnection(url: server),
          (try? admin.query("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")) != nil
        {
          return
        }
        Thread.sleep(forTimeInterval: 0.1 * Double(attempt + 1))
      }
    }

    /// `server`'s connection string with its database replaced by `name`.
    private static func database(_ name: String, of server: PostgresURL) -> PostgresURL? {
      var components = URLComponents(string: server.connectionString)
      components?.path = "/" + name
      return components?.string.flatMap(PostgresURL.init)
    }
  #endif
}
