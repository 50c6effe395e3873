#if Postgres
  /// One step of a database's schema: SQL applied once, in version order.
  public struct PostgresMigration: Sendable, Equatable {
    /// Its place in the order; versions are unique and never reused.
    public var version: Int
    /// What it does, in a few words, kept in the migrations table.
    public var name: String
    /// The statements, applied in one transaction.
    public var sql: String

    /// Makes a migration.
    public init(version: Int, name: String, sql: String) {
      self.version = version
      self.name = name
      self.sql = sql
    }
  }

  /// Brings a database's schema up to date at start-up.
  ///
  /// The migrations that the table `schema_migrations` does not list yet are applied in
  /// version order, all in one transaction under a transaction-scoped advisory lock: replicas
  /// that start together take turns, the first applies them, and the others find them done.
  /// A migration that fails rolls all of them back, and the error names it. What the
  /// migrations cannot say in fixed SQL (tables made from a list known only at run time, rows
  /// of a first start) goes in `then`, which runs in the same transaction under the same lock.
  public enum PostgresMigrator {
    /// The advisory lock's key: any number that other code of the application does not lock.
    static let lockKey = 7_384_105_221

    /// Applies the missing migrations and returns the versions it applied (none when the
    /// schema was up to date).
    ///
    /// - Parameters:
    ///   - migrations: the schema's steps.
    ///   - then: runs after them, in their transaction and under their lock, with the
    ///     versions just applied (empty when the schema was up to date): for statements that
    ///     are made at run time, or rows that a new database starts with. Throwing rolls back
    ///     everything, the migrations included.
    /// - Precondition: the versions are unique.
    @discardableResult
    public static func migrate(
      _ migrations: [PostgresMigration], on pool: PostgresPool,
      then: (_ connection: PostgresConnection, _ applied: [Int]) throws -> Void = { _, _ in }
    ) throws -> [Int] {
      precondition(
        Set(migrations.map(\.version)).count == migrations.count,
        "each migration has a version of its own")
      return try pool.transaction { connection in
        try connection.query("SELECT pg_advisory_xact_lock($1)", [String(lockKey)])
        try connection.execute(
          script: """
            CREATE TABLE IF NOT EXISTS schema_migrations (
              version bigint PRIMARY KEY,
              name text NOT NULL,
              applied_at timestamptz NOT NULL DEFAULT now()
            )
            """)
        let applied = Set(
          try connection.query("SELECT version FROM schema_migrations").rows.map { try $0.int(0) })
        var done: [Int] = []
        for migration in migrations.sorted(by: { $0.version < $1.version })
        where !applied.contains(migration.version) {
          do {
            try connection.execute(script: migration.sql)
          } catch let error as PostgresError {
            var named = error
            named.message = "migration \(migration.version) (\(migration.name)): \(error.message)"
            throw named
          }
          try connection.query(
            "INSERT INTO schema_migrations (version, name) VALUES ($1, $2)",
            [String(migration.version), migration.name])
          done.append(migration.version)
        }
        try then(connection, done)
        return done
      }
    }
  }
#endif
