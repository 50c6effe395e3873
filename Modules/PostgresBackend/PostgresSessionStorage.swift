#if Postgres
  import Authentication
  import Foundation
  import LocalBackend
  import PostgresClient

  /// Sessions in the `sessions` table of a PostgreSQL database (see ``PostgresSchema``),
  /// shared by every replica: a session started through one server signs in on all of
  /// them, and logging out through one ends it on all.
  ///
  /// Each method is one statement or one transaction. Starting a session removes the
  /// expired ones and the subject's oldest beyond the cap in the same transaction, under a
  /// transaction-scoped advisory lock on the subject, so that two replicas starting sessions
  /// for one subject at once keep the cap. Times are kept as `timestamptz`, to the
  /// microsecond; the bounds they are compared to are rounded up to the next microsecond, so
  /// that a comparison says what it says of the exact times.
  ///
  /// Failures are ``StoreError``s (see ``StoreError/init(database:)``).
  public final class PostgresSessionStorage: SessionStorage {
    /// The connections every call uses.
    public let pool: PostgresPool

    /// Keeps sessions in `pool`'s database, whose schema ``PostgresStore`` brought up to
    /// date.
    public init(pool: PostgresPool) {
      self.pool = pool
    }

    public func insert(
      _ record: SessionRecord<String>, maximumPerSubject: Int, expiredBefore: Date
    ) throws {
      try run { connection in
        try connection.transaction { connection in
          try connection.query(
            "SELECT pg_advisory_xact_lock(\(Self.subjectLockClass), hashtext($1))",
            [record.subject])
          try connection.query(
            "DELETE FROM sessions WHERE last_used < \(Self.time(1))",
            [Self.bound(expiredBefore)])
          try connection.query(
            "INSERT INTO sessions (digest, subject, started, last_used)"
              + " VALUES ($1, $2, \(Self.time(3)), \(Self.time(4)))",
            [
              record.digest, record.subject, Self.microseconds(record.started),
              Self.microseconds(record.lastUsed),
            ])
          try connection.query(
            """
            DELETE FROM sessions WHERE digest IN (
              SELECT digest FROM sessions WHERE subject = $1 AND digest <> $2
              ORDER BY started DESC, digest DESC OFFSET $3)
            """, [record.subject, record.digest, String(max(1, maximumPerSubject) - 1)])
        }
      }
    }

    public func use(
      digest: String, at time: Date, expiredBefore: Date, touchInterval: Duration
    ) throws -> String? {
      let (seconds, attoseconds) = touchInterval.components
      let touchBefore = time.addingTimeInterval(
        -(Double(seconds) + Double(attoseconds) / 1e18))
      // One statement: the session as it was, its use recorded when the last one is older
      // than the touch interval, and its removal when it has expired.
      let rows = try run { connection in
        try connection.query(
          """
          WITH found AS (SELECT subject, last_used FROM sessions WHERE digest = $1),
          touched AS (
            UPDATE sessions SET last_used = \(Self.time(2))
            WHERE digest = $1 AND last_used >= \(Self.time(3))
              AND last_used < \(Self.time(4)) AND last_used < \(Self.time(2))
            RETURNING 1),
          expired AS (
            DELETE FROM sessions WHERE digest = $1 AND last_used < \(Self.time(3))
            RETURNING 1)
          SELECT subject, last_used >= \(Self.time(3)) FROM found
          """,
          [digest, Self.microseconds(time), Self.bound(expiredBefore), Self.bound(touchBefore)])
      }
      guard let row = rows.first else { return nil }
      return try StoreError.mapping { try row.bool(1) ? try row.string(0) : nil }
    }

    public func remove(digest: String) throws {
      try run { connection in
        try connection.query("DELETE FROM sessions WHERE digest = $1", [digest])
      }
    }

    public func removeAll(for subject: String) throws {
      try run { connection in
        try connection.query("DELETE FROM sessions WHERE subject = $1", [subject])
      }
    }

    public func removeExpired(before expiredBefore: Date) throws -> Int {
      try run { connection in
        try connection.query(
          "DELETE FROM sessions WHERE last_used < \(Self.time(1))",
          [Self.bound(expiredBefore)]
        ).affectedRows
      }
    }

    public func all() throws -> [SessionRecord<String>] {
      let rows = try run { connection in
        try connection.query(
          "SELECT digest, subject, (extract(epoch FROM started) * 1000000)::bigint,"
            + " (extract(epoch FROM last_used) * 1000000)::bigint FROM sessions")
      }
      return try StoreError.mapping {
        try rows.rows.map { row in
          SessionRecord(
            digest: try row.string(0), subject: try row.string(1),
            started: try Self.date(row, 2), lastUsed: try Self.date(row, 3))
        }
      }
    }

    /// The first key of the advisory locks taken on a subject's sessions (the second is the
    /// hash of the subject).
    static let subjectLockClass = 7_384_105

    @discardableResult
    private func run<T>(_ body: (PostgresConnection) throws -> T) throws(StoreError) -> T {
      try StoreError.mapping { try pool.withConnection(body) }
    }

    /// The SQL of parameter `index` (microseconds since 1970) as a `timestamptz`.
    static func time(_ index: Int) -> String {
      "(timestamptz 'epoch' + $\(index)::bigint * interval '1 microsecond')"
    }

    /// `date` in whole microseconds since 1970, the nearest one: for a time to store.
    static func microseconds(_ date: Date) -> String {
      String(Int64((date.timeIntervalSinceReferenceDate * 1e6).rounded()) + referenceDate)
    }

    /// `date` in whole microseconds since 1970, rounded up: for a bound that stored times
    /// (whole microseconds) are compared to with `<`, which then says what `<` says of the
    /// exact times.
    static func bound(_ date: Date) -> String {
      String(Int64((date.timeIntervalSinceReferenceDate * 1e6).rounded(.up)) + referenceDate)
    }

    /// `date` in whole microseconds since 1970, rounded down: for a bound that stored times
    /// are compared to with `>` (exact in the same way as ``bound(_:)``).
    static func floor(_ date: Date) -> String {
      String(Int64((date.timeIntervalSinceReferenceDate * 1e6).rounded(.down)) + referenceDate)
    }

    /// Column `index` (microseconds since 1970) as a date.
    static func date(_ row: PostgresRow, _ index: Int) throws -> Date {
      date(microseconds: Int64(try row.int(index)))
    }

    /// The date `microseconds` after 1970.
    static func date(microseconds: Int64) -> Date {
      Date(timeIntervalSinceReferenceDate: Double(microseconds - referenceDate) / 1e6)
    }

    /// Foundation's reference date (2001-01-01) in microseconds since 1970. Dates are
    /// converted from and to their own seconds since it, which the arithmetic keeps exact
    /// (a second since 1970, so much larger, would lose the last bits of a bound).
    static let referenceDate: Int64 = 978_307_200_000_000
  }
#endif
