import AppServer
import Foundation
import TestSupport

#if Postgres
  import PostgresClient
#endif

extension ServerTestBackend {
  /// PostgreSQL, when the package is built with the Postgres trait and `POSTGRES_TEST_URL`
  /// names a server: each test's place is a database of its own, named after its directory.
  static let postgres: ServerTestBackend? = {
    #if Postgres
      guard PostgresTestDatabase.url != nil else { return nil }
      return ServerTestBackend(
        name: "postgres",
        open: { directory, now in
          try ServerStorage.postgres(
            url: PostgresTestDatabase.database(named: databaseName(of: directory)), now: now)
        },
        clean: { directory in PostgresTestDatabase.drop(databaseName(of: directory)) })
    #else
      return nil
    #endif
  }()

  /// The name of the database that stands for `directory`: `test_` and the letters and
  /// digits of its name, in lower case.
  private static func databaseName(of directory: URL) -> String {
    "test_"
      + String(
        directory.lastPathComponent.lowercased().unicodeScalars
          .filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
          .map(Character.init)
          .suffix(50))
  }
}
