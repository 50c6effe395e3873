#if Postgres
  import Dispatch
  import Synchronization

  /// A bounded set of connections shared by a server's request threads.
  ///
  /// At most ``maximumConnections`` are open at once. A caller that finds them all busy waits
  /// up to ``waitLimit`` seconds and then gets ``PostgresError/Kind/poolTimedOut``, so a slow
  /// database turns into quick 503 answers instead of piling up threads. A connection that
  /// broke (the server restarted, the network dropped) is closed when it comes back and a new
  /// one is made for the next caller: the server recovers without restarting. An idle
  /// connection is checked before it is handed out, with what the server sent meanwhile and
  /// then a round trip (an empty statement), so that one the server closed or is ending
  /// (`pg_terminate_backend` a moment before) is replaced instead of failing the caller.
  public final class PostgresPool: Sendable {
    /// The most connections open at once.
    public let maximumConnections: Int
    /// How long a caller waits for a free connection, in seconds.
    public let waitLimit: Double
    private let url: PostgresURL
    private let statementTimeoutMilliseconds: Int
    private let capacity: DispatchSemaphore
    private let idle = Mutex<[IdleConnection]>([])

    /// A connection between two callers. Each one is held by the idle list (under its lock) or
    /// by the one caller the pool handed it to, never by two at once.
    private struct IdleConnection: @unchecked Sendable {
      var connection: PostgresConnection
    }

    /// Makes a pool; no connection is opened before the first call.
    ///
    /// - Parameters:
    ///   - url: where to connect.
    ///   - maximumConnections: the most connections open at once (at least 1).
    ///   - waitLimit: how long a caller waits for a free connection, in seconds.
    ///   - statementTimeoutMilliseconds: each connection's statement time limit.
    public init(
      url: PostgresURL, maximumConnections: Int = 8, waitLimit: Double = 2,
      statementTimeoutMilliseconds: Int = 5_000
    ) {
      self.url = url
      self.maximumConnections = max(1, maximumConnections)
      self.waitLimit = waitLimit
      self.statementTimeoutMilliseconds = statementTimeoutMilliseconds
      capacity = DispatchSemaphore(value: self.maximumConnections)
    }

    /// Runs `body` with a connection of the pool, waiting for one up to ``waitLimit``.
    @discardableResult
    public func withConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
      guard capacity.wait(timeout: .now() + waitLimit) == .success else {
        throw PostgresError(
          .poolTimedOut,
          message:
            "all \(maximumConnections) database connections stayed busy for \(waitLimit) s")
      }
      defer { capacity.signal() }
      let connection = try take()
      defer { give(back: connection) }
      return try body(connection)
    }

    /// Runs `body` in a transaction on a connection of the pool.
    @discardableResult
    public func transaction<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
      try withConnection { connection in try connection.transaction(body) }
    }

    /// An idle connection that is still open, or a new one.
    private func take() throws(PostgresError) -> PostgresConnection {
      while let reused = idle.withLock({ $0.popLast() }) {
        if reused.connection.isStillOpen && reused.connection.answersPing {
          return reused.connection
        }
      }
      return try PostgresConnection(
        url: url, statementTimeoutMilliseconds: statementTimeoutMilliseconds)
    }

    private func give(back connection: PostgresConnection) {
      guard connection.isOpen else { return }
      let returned = IdleConnection(connection: connection)
      idle.withLock { $0.append(returned) }
    }
  }
#endif
