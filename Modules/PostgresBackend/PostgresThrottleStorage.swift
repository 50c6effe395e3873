#if Postgres
  import Authentication
  import Foundation
  import LocalBackend
  import PostgresClient

  /// The login throttle's state in the `login_attempts` table of a PostgreSQL database (see
  /// ``PostgresSchema``), one row per key that has something to remember, shared by every
  /// replica: failures through any server count towards the same wait.
  ///
  /// ``update(_:_:)`` runs in a transaction that reads the key's row with
  /// `SELECT … FOR UPDATE`, so that replicas take turns on one key; it writes only when the
  /// state changed (an upsert, or a delete when nothing is left). A key without a row has
  /// nothing to lock: when two replicas both add its first row, the second insert finds the
  /// row there and its transaction starts again, now locking it.
  ///
  /// Failures are ``StoreError``s (see ``StoreError/init(database:)``).
  public final class PostgresThrottleStorage: ThrottleStorage {
    /// The connections every call uses.
    public let pool: PostgresPool

    /// Keeps the throttle's state in `pool`'s database, whose schema ``PostgresStore``
    /// brought up to date.
    public init(pool: PostgresPool) {
      self.pool = pool
    }

    public func update<Result>(_ key: String, _ body: (inout ThrottleState?) -> Result) throws
      -> Result
    {
      let time = PostgresSessionStorage.time
      while true {
        let outcome: Result? = try StoreError.mapping {
          try pool.transaction { connection -> Result? in
            let rows = try connection.query(
              """
              SELECT ARRAY(SELECT (extract(epoch FROM f) * 1000000)::bigint
                             FROM unnest(failures) WITH ORDINALITY AS u(f, n) ORDER BY n)::text,
                     waits, (extract(epoch FROM wait_ends) * 1000000)::bigint
              FROM login_attempts WHERE key = $1 FOR UPDATE
              """, [key])
            let stored = try rows.first.map(Self.state)
            var state = stored
            let result = body(&state)
            guard state != stored else { return result }
            guard let state else {
              try connection.query("DELETE FROM login_attempts WHERE key = $1", [key])
              return result
            }
            let failures = state.failures.map(PostgresSessionStorage.microseconds)
            let values = [
              key, "{" + failures.joined(separator: ",") + "}", String(state.waits),
              state.waitEnds.map(PostgresSessionStorage.microseconds),
            ]
            let failureTimes = """
              ARRAY(SELECT timestamptz 'epoch' + m * interval '1 microsecond'
                    FROM unnest($2::bigint[]) WITH ORDINALITY AS u(m, n) ORDER BY n)
              """
            if stored != nil {
              try connection.query(
                """
                UPDATE login_attempts
                SET failures = \(failureTimes), waits = $3, wait_ends = \(time(4))
                WHERE key = $1
                """, values)
              return result
            }
            let inserted = try connection.query(
              """
              INSERT INTO login_attempts (key, failures, waits, wait_ends)
              VALUES ($1, \(failureTimes), $3, \(time(4)))
              ON CONFLICT (key) DO NOTHING
              """, values)
            // Another replica added the row meanwhile: start again, locking it.
            return inserted.affectedRows == 1 ? result : nil
          }
        }
        if let outcome { return outcome }
      }
    }

    public func forgetQuiet(at time: Date, window: Duration) throws {
      let (seconds, attoseconds) = window.components
      let since = time.addingTimeInterval(-(Double(seconds) + Double(attoseconds) / 1e18))
      let bound = PostgresSessionStorage.time(1)
      // The rows of which ThrottleState.isQuiet holds: a wait that ended a window ago or
      // more, or no wait and no failure within the window.
      try StoreError.mapping {
        try pool.withConnection { connection in
          try connection.query(
            """
            DELETE FROM login_attempts WHERE CASE
              WHEN wait_ends IS NOT NULL THEN NOT wait_ends > \(bound)
              ELSE NOT EXISTS (SELECT 1 FROM unnest(failures) AS f WHERE f > \(bound))
            END
            """, [PostgresSessionStorage.floor(since)])
        }
      }
    }

    /// The state of a row `(failures, waits, wait_ends)`.
    private static func state(_ row: PostgresRow) throws -> ThrottleState {
      let text = try row.string(0).trimmingCharacters(in: CharacterSet(charactersIn: "{}"))
      var failures: [Date] = []
      for item in text.split(separator: ",") {
        guard let microseconds = Int64(item) else {
          throw StoreError.corrupt(
            path: "PostgreSQL table login_attempts", reason: "not a time: \(item)")
        }
        failures.append(PostgresSessionStorage.date(microseconds: microseconds))
      }
      let waitEnds = try row[2].map { text -> Date in
        guard let microseconds = Int64(text) else {
          throw StoreError.corrupt(
            path: "PostgreSQL table login_attempts", reason: "not a time: \(text)")
        }
        return PostgresSessionStorage.date(microseconds: microseconds)
      }
      return ThrottleState(failures: failures, waits: try row.int(1), waitEnds: waitEnds)
    }
  }
#endif
