#if Postgres
  import Cryptography
  import Foundation
  import LocalBackend
  import Models
  import PostgresClient

  /// The app's records and accounts in a PostgreSQL database, shared by any number of
  /// server processes (replicas) on any number of machines.
  ///
  /// See ``PostgresSchema`` for the tables. Every call takes a connection from a bounded
  /// ``PostgresPool`` for the duration of one statement or one transaction, so calls may come
  /// from any thread, and a database that restarts is reconnected to by the next call.
  ///
  /// - ``add(_:)`` takes the collection's next identifier in a statement of its own (a row of
  ///   `record_ids`, incremented atomically), then inserts the record: identifiers are never
  ///   given out twice, by any replica, and never again after a removal.
  /// - ``update(_:id:_:)`` reads the row with `SELECT … FOR UPDATE` in a transaction, applies
  ///   the change and writes it: another replica's update of the same record waits for the
  ///   commit, then sees the new record (so a stale save is refused, as on one machine).
  /// - ``page(_:sinceId:maxId:limit:where:)`` asks the database for the rows between the
  ///   bounds, newest first, in batches, and keeps those the filter accepts.
  /// - ``records(_:)`` reads every row and sorts them in the collection's order, in Swift.
  ///
  /// Failures are ``StoreError``s (see ``StoreError/init(database:)``).
  public final class PostgresStore: RecordStore, AccountStore {
    /// The connections every call uses.
    public let pool: PostgresPool

    /// How many rows ``page(_:sinceId:maxId:limit:where:)`` asks for at a time, at least.
    static let pageBatch = 100

    /// Opens the database at `url` and brings its schema up to date (see
    /// ``PostgresSchema``), seeding a new database with `seed`.
    ///
    /// - Parameters:
    ///   - url: where the database is; its password never appears in an error.
    ///   - seed: what a new database starts with.
    ///   - maximumConnections: the most connections open at once.
    ///   - waitLimit: how long a call waits for a free connection before it fails as
    ///     unavailable, in seconds.
    ///   - statementTimeoutMilliseconds: how long one statement may run.
    /// - Throws: ``StoreError`` when the database cannot be reached or migrated.
    public convenience init(
      url: PostgresURL, seed: StoreSeed = .demo, maximumConnections: Int = 8,
      waitLimit: Double = 2, statementTimeoutMilliseconds: Int = 5_000
    ) throws(StoreError) {
      try self.init(
        pool: PostgresPool(
          url: url, maximumConnections: maximumConnections, waitLimit: waitLimit,
          statementTimeoutMilliseconds: statementTimeoutMilliseconds),
        seed: seed)
    }

    /// Uses `pool`'s database, bringing its schema up to date first (see
    /// ``PostgresSchema``).
    ///
    /// - Throws: ``StoreError`` when the database cannot be reached or migrated.
    public init(pool: PostgresPool, seed: StoreSeed = .demo) throws(StoreError) {
      self.pool = pool
      try PostgresSchema.migrate(pool: pool, seed: seed)
    }

    // MARK: - Records

    public func records<Record: StoredRecord>(_ type: Record.Type) throws(StoreError) -> [Record]
    where Record.ID == Int {
      let table = try Self.table(of: type)
      let rows = try run { connection in
        try connection.query("SELECT id, body::text FROM \(table) ORDER BY id")
      }
      var records: [Record] = []
      records.reserveCapacity(rows.rows.count)
      for row in rows.rows { records.append(try Self.decode(type, row, table: table)) }
      return RegisteredCollection.sorted(records)
    }

    public func record<Record: StoredRecord>(_ type: Record.Type, id: Int) throws(StoreError)
      -> Record where Record.ID == Int
    {
      let table = try Self.table(of: type)
      let rows = try run { connection in
        try connection.query("SELECT id, body::text FROM \(table) WHERE id = $1", [String(id)])
      }
      guard let row = rows.first else {
        throw .notFound(id, record: RegisteredCollection.of(type).recordName)
      }
      return try Self.decode(type, row, table: table)
    }

    @discardableResult
    public func add<Record: StoredRecord>(_ make: (_ id: Int) throws(StoreError) -> Record)
      throws(StoreError) -> Record where Record.ID == Int
    {
      let collection = RegisteredCollection.of(Record.self)
      let table = try Self.table(of: Record.self)
      // The identifier is taken in a statement of its own, so that no lock is held while
      // `make` runs; one taken by a call that then fails is never used.
      let id = try run { connection in
        try connection.query(
          "UPDATE record_ids SET last_id = last_id + 1 WHERE collection = $1 RETURNING last_id",
          [collection.name]
        ).first?.int(0)
      }
      guard let id else {
        throw .writeFailed(
          path: "PostgreSQL", reason: "record_ids has no row for \(collection.name)")
      }
      let (record, json) = try Self.storable(try make(id), id: id, collection: collection)
      try run { connection in
        try connection.query(
          "INSERT INTO \(table) (id, body) VALUES ($1, $2::jsonb)", [String(id), json])
      }
      return record
    }

    @discardableResult
    public func update<Record: StoredRecord>(
      _ type: Record.Type, id: Int, _ change: (_ stored: Record) throws(StoreError) -> Record
    ) throws(StoreError) -> Record where Record.ID == Int {
      let collection = RegisteredCollection.of(type)
      let table = try Self.table(of: type)
      return try run { connection in
        try connection.transaction { connection in
          let rows = try connection.query(
            "SELECT id, body::text FROM \(table) WHERE id = $1 FOR UPDATE", [String(id)])
          guard let row = rows.first else {
            throw StoreError.notFound(id, record: collection.recordName)
          }
          let stored = try Self.decode(type, row, table: table)
          let (record, json) = try Self.storable(try change(stored), id: id, collection: collection)
          try connection.query(
            "UPDATE \(table) SET body = $2::jsonb WHERE id = $1", [String(id), json])
          return record
        }
      }
    }

    public func remove<Record: StoredRecord>(_ type: Record.Type, id: Int) throws(StoreError)
    where Record.ID == Int {
      let table = try Self.table(of: type)
      let removed = try run { connection in
        try connection.query("DELETE FROM \(table) WHERE id = $1", [String(id)]).affectedRows
      }
      guard removed > 0 else {
        throw .notFound(id, record: RegisteredCollection.of(type).recordName)
      }
    }

    public func save<Record: StoredRecord>(_ records: [Record]) throws(StoreError)
    where Record.ID == Int {
      guard !records.isEmpty else { return }
      let collection = RegisteredCollection.of(Record.self)
      let table = try Self.table(of: Record.self)
      // The last of two records with one identifier wins, as in the embedded store; rows are
      // written by increasing identifier, so that two saves lock them in the same order.
      var byId: [Int: String] = [:]
      for record in records {
        guard record.id > 0 else {
          throw .invalidInput("A \(collection.recordName)'s identifier must be positive.")
        }
        byId[record.id] = try RecordJSON.text(of: record)
      }
      let rows = byId.sorted { $0.key < $1.key }
      try run { connection in
        try connection.transaction { connection in
          for (id, json) in rows {
            try connection.query(
              "INSERT INTO \(table) (id, body) VALUES ($1, $2::jsonb)"
                + " ON CONFLICT (id) DO UPDATE SET body = EXCLUDED.body", [String(id), json])
          }
          try connection.query(
            "UPDATE record_ids SET last_id = GREATEST(last_id, $2) WHERE collection = $1",
            [collection.name, String(rows.last?.key ?? 0)])
        }
      }
    }

    public func page<Record: StoredRecord>(
      _ type: Record.Type, sinceId: Int?, maxId: Int?, limit: Int,
      where isIncluded: (Record) -> Bool
    ) throws(StoreError) -> [Record] where Record.ID == Int {
      guard limit > 0 else { return [] }
      let table = try Self.table(of: type)
      let batch = min(max(limit, Self.pageBatch), 1_000)
      var page: [Record] = []
      var below = maxId
      while true {
        let rows = try run { connection in
          try connection.query(
            "SELECT id, body::text FROM \(table)"
              + " WHERE ($1::bigint IS NULL OR id < $1) AND ($2::bigint IS NULL OR id > $2)"
              + " ORDER BY id DESC LIMIT $3",
            [below.map(String.init), sinceId.map(String.init), String(batch)])
        }
        for row in rows.rows {
          let record = try Self.decode(type, row, table: table)
          guard isIncluded(record) else { continue }
          page.append(record)
          if page.count == limit { return page }
        }
        guard rows.rows.count == batch, let last = rows.rows.last else { return page }
        below = try StoreError.mapping { try last.int(0) }
      }
    }

    // MARK: - Accounts

    public func credentials(email: String) throws(StoreError) -> (
      account: Account, passwordHash: PasswordHash
    )? {
      let rows = try run { connection in
        try connection.query(
          "SELECT email, display_name, password_hash FROM accounts WHERE email = $1",
          [Account.normalizedEmail(email)])
      }
      guard let row = rows.first else { return nil }
      return try StoreError.mapping {
        let hash: PasswordHash
        do {
          hash = try PasswordHash(encoded: try row.string(2))
        } catch {
          throw StoreError.corrupt(
            path: "PostgreSQL table accounts", reason: "a password hash is malformed: \(error)")
        }
        return (Account(email: try row.string(0), displayName: try row.string(1)), hash)
      }
    }

    /// Adds an account that signs in with `email` and the password whose hash is
    /// `passwordHash`.
    ///
    /// - Throws: ``StoreError/invalidInput(_:)`` when an account has this address already.
    public func addAccount(_ account: Account, passwordHash: PasswordHash) throws(StoreError) {
      try run { connection in
        try connection.query(
          "INSERT INTO accounts (email, display_name, password_hash) VALUES ($1, $2, $3)",
          [Account.normalizedEmail(account.email), account.displayName, passwordHash.encoded])
      }
    }

    // MARK: - Helpers

    /// Runs `body` with a connection of the pool, turning its failures into store errors.
    @discardableResult
    func run<T>(_ body: (PostgresConnection) throws -> T) throws(StoreError) -> T {
      try StoreError.mapping { try pool.withConnection(body) }
    }

    static func table<Record: StoredRecord>(of type: Record.Type) throws(StoreError) -> String
    where Record.ID == Int {
      try PostgresSchema.table(RegisteredCollection.of(type).name)
    }

    /// The record of a row `(id, body)`.
    static func decode<Record: StoredRecord>(
      _ type: Record.Type, _ row: PostgresRow, table: String
    ) throws(StoreError) -> Record where Record.ID == Int {
      do {
        return try RecordJSON.record(type, from: try row.string(1))
      } catch {
        throw .corrupt(
          path: "PostgreSQL table \(table), id \(row[0] ?? "NULL")", reason: "\(error)")
      }
    }

    /// `record` as it reads back from its JSON text, with that text; fails when its
    /// identifier is not `id`.
    static func storable<Record: StoredRecord>(
      _ record: Record, id: Int, collection: RegisteredCollection
    ) throws(StoreError) -> (Record, String) where Record.ID == Int {
      guard record.id == id else {
        throw .invalidInput("A \(collection.recordName)'s identifier cannot change.")
      }
      let json = try RecordJSON.text(of: record)
      do {
        return (try RecordJSON.record(Record.self, from: json), json)
      } catch {
        throw .invalidInput("The \(Record.self) cannot be saved: \(error)")
      }
    }
  }
#endif
