#if Postgres
  import Foundation
  import LocalBackend
  import Models
  import PostgresClient

  /// The tables of a PostgreSQL database that a server keeps its data in, and how they are
  /// made.
  ///
  /// **Fixed tables**, made by versioned migrations (``migrations``, recorded in
  /// `schema_migrations`):
  ///
  /// - `accounts (email, display_name, password_hash)`: one row per account; `email` is the
  ///   normalized address (trimmed, lower case) and unique, `password_hash` the PBKDF2 text
  ///   that `PasswordHash` writes (`pbkdf2-sha256$…`).
  /// - `record_ids (collection, last_id)`: the largest identifier given out in each
  ///   collection; identifiers are taken from it and never given out again, even after a
  ///   record is removed.
  /// - `sessions (digest, subject, started, last_used)`: the signed-in sessions, by the
  ///   SHA-256 digest of their token.
  /// - `login_attempts (key, failures, waits, wait_ends)`: the throttle's state of each
  ///   email address that recently failed to sign in.
  ///
  /// **One table per registered collection** (`StoreFile.collections`), named after it
  /// (`ingredients`, say): `(id bigint PRIMARY KEY, body jsonb NOT NULL)`, each record as the
  /// JSON object the embedded store writes for it (``RecordJSON``; dates as text at the
  /// millisecond), whose `id` must equal the row's. These tables are made at every start, in
  /// the migrations' transaction, when missing: a feature added to the app gets its table,
  /// empty, the first time a server with the feature starts; nothing else is needed.
  ///
  /// A database is seeded (the seed's account and each collection's seed records) in the
  /// transaction that applies the first migration, so replicas that start together seed it
  /// once.
  public enum PostgresSchema {
    /// The fixed tables' migrations, in version order. A new version is appended; a
    /// released one is never edited.
    public static let migrations: [PostgresMigration] = [
      PostgresMigration(
        version: 1, name: "accounts and record identifiers",
        sql: """
          CREATE TABLE accounts (
            email text PRIMARY KEY CHECK (email <> '' AND email = lower(email)),
            display_name text NOT NULL,
            password_hash text NOT NULL CHECK (password_hash LIKE 'pbkdf2-sha256$%')
          );
          CREATE TABLE record_ids (
            collection text PRIMARY KEY,
            last_id bigint NOT NULL CHECK (last_id >= 0)
          );
          """),
      PostgresMigration(
        version: 2, name: "sessions and login attempts",
        sql: """
          CREATE TABLE sessions (
            digest text PRIMARY KEY,
            subject text NOT NULL,
            started timestamptz NOT NULL,
            last_used timestamptz NOT NULL
          );
          CREATE INDEX sessions_by_subject ON sessions (subject, started);
          CREATE INDEX sessions_by_last_use ON sessions (last_used);
          CREATE TABLE login_attempts (
            key text PRIMARY KEY,
            failures timestamptz[] NOT NULL,
            waits integer NOT NULL CHECK (waits >= 0),
            wait_ends timestamptz
          );
          """),
    ]

    /// The names the fixed tables use, which no collection may take.
    static let fixedTables: Set<String> = [
      "accounts", "record_ids", "sessions", "login_attempts", "schema_migrations",
    ]

    /// Brings the database up to date: the fixed tables' missing migrations, then a table
    /// for every registered collection that has none, then, for a new database, `seed`.
    ///
    /// - Throws: ``StoreError`` (a collection name that cannot be a table's, the database
    ///   unreachable or refusing a statement).
    static func migrate(pool: PostgresPool, seed: StoreSeed) throws(StoreError) {
      let collections = RegisteredCollection.all
      for collection in collections { _ = try table(collection.name) }
      try StoreError.mapping {
        try PostgresMigrator.migrate(migrations, on: pool) { connection, applied in
          for collection in collections {
            let table = try table(collection.name)
            try connection.execute(
              script: """
                CREATE TABLE IF NOT EXISTS \(table) (
                  id bigint PRIMARY KEY CHECK (id > 0),
                  body jsonb NOT NULL
                    CHECK (jsonb_typeof(body) = 'object' AND body -> 'id' = to_jsonb(id))
                )
                """)
            try connection.query(
              "INSERT INTO record_ids (collection, last_id) VALUES ($1, 0)"
                + " ON CONFLICT (collection) DO NOTHING", [collection.name])
          }
          if applied.contains(1) { try write(seed, collections: collections, on: connection) }
        }
      }
    }

    /// Writes the seed's account and records into a new database.
    private static func write(
      _ seed: StoreSeed, collections: [RegisteredCollection], on connection: PostgresConnection
    ) throws {
      try connection.query(
        "INSERT INTO accounts (email, display_name, password_hash) VALUES ($1, $2, $3)",
        [
          Account.normalizedEmail(seed.account.email), seed.account.displayName,
          seed.passwordHash.encoded,
        ])
      for collection in collections {
        let table = try table(collection.name)
        let records = try collection.seedRecords(seed)
        for record in records {
          try connection.query(
            "INSERT INTO \(table) (id, body) VALUES ($1, $2::jsonb)",
            [String(record.id), record.json])
        }
        try connection.query(
          "UPDATE record_ids SET last_id = GREATEST(last_id, $2) WHERE collection = $1",
          [collection.name, String(records.map(\.id).max() ?? 0)])
      }
    }

    /// The quoted table name of a collection: its name when it is made of `[a-z][a-z0-9_]*`
    /// (at most 63 characters) and is not one of the fixed tables'.
    ///
    /// - Throws: ``StoreError/invalidInput(_:)`` for any other name.
    static func table(_ name: String) throws(StoreError) -> String {
      let bytes = Array(name.utf8)
      let valid =
        (1...63).contains(bytes.count)
        && (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[0])
        && bytes.allSatisfy {
          (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "_")
        }
      guard valid, !fixedTables.contains(name) else {
        throw .invalidInput(
          "The collection name \"\(name)\" cannot be a table's: use [a-z][a-z0-9_]* (at most 63"
            + " characters), and none of \(fixedTables.sorted().joined(separator: ", ")).")
      }
      return "\"\(name)\""
    }
  }
#endif
