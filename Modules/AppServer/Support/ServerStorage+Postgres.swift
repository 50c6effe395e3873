#if Postgres
  import Authentication
  import Foundation
  import LocalBackend
  import PostgresBackend
  import PostgresClient

  extension ServerStorage {
    /// Everything in the PostgreSQL database at `url`, shared by every server over it:
    /// records and accounts (`PostgresStore`), sessions and the login throttle's counts, with
    /// the throttle's rules of ``loginThrottle(storage:now:)``.
    ///
    /// The schema is brought up to date first (see `PostgresSchema`): replicas that start
    /// together migrate it once, and a new database gets `seed`.
    ///
    /// - Parameters:
    ///   - url: the database; its password never appears in an error or a log line.
    ///   - seed: what a new database starts with.
    ///   - maximumConnections: the most connections this server opens at once.
    ///   - waitLimit: how long a request waits for a free connection before it is answered
    ///     with 503, in seconds.
    ///   - statementTimeoutMilliseconds: how long one statement may run before it is
    ///     cancelled (the request is answered with 503).
    ///   - now: the clock of the sessions and the throttle; tests pass one they move by hand.
    /// - Throws: `StoreError` when the database cannot be reached or migrated.
    public static func postgres(
      url: PostgresURL, seed: StoreSeed = .demo, maximumConnections: Int = 8,
      waitLimit: Double = 2, statementTimeoutMilliseconds: Int = 5_000,
      now: @escaping @Sendable () -> Date = { Date() }
    ) throws(StoreError) -> ServerStorage {
      let store = try PostgresStore(
        url: url, seed: seed, maximumConnections: maximumConnections, waitLimit: waitLimit,
        statementTimeoutMilliseconds: statementTimeoutMilliseconds)
      return ServerStorage(
        records: store, accounts: store,
        sessions: SessionStore(storage: PostgresSessionStorage(pool: store.pool), now: now),
        throttle: loginThrottle(storage: PostgresThrottleStorage(pool: store.pool), now: now))
    }
  }
#endif
