#if Postgres
  import LocalBackend
  import PostgresClient

  extension StoreError {
    /// The store error for a failure of the database.
    ///
    /// The database unreachable (no connection, a broken one, a server shutting down, every
    /// connection of the pool busy past its wait limit), a statement past its time limit and
    /// a deadlock are worth another try later: the server answers them with 503. A value the
    /// database refuses (a unique or check constraint, a character it cannot store) is bad
    /// input; anything else is a failure of the database, reported without the password of
    /// the connection.
    public init(database error: PostgresError) {
      if error.isUnavailable || error.isTimeout || error.sqlState == "40P01"
        || error.sqlState == "40001"
      {
        self = .unavailable("PostgreSQL: \(error.description)")
      } else if error.isUniqueViolation {
        self = .invalidInput("A record with the same identifier or address exists already.")
      } else if let state = error.sqlState, state.hasPrefix("23") || state.hasPrefix("22") {
        self = .invalidInput("The database refused the value: \(error.message)")
      } else {
        self = .writeFailed(path: "PostgreSQL", reason: error.description)
      }
    }

    /// Runs `body`, turning a ``PostgresError`` it throws into a store error; a store error
    /// passes through, and any other error is a failure of the database.
    @discardableResult
    static func mapping<T>(_ body: () throws -> T) throws(StoreError) -> T {
      do {
        return try body()
      } catch let error as StoreError {
        throw error
      } catch let error as PostgresError {
        throw StoreError(database: error)
      } catch {
        throw .writeFailed(path: "PostgreSQL", reason: "\(error)")
      }
    }
  }
#endif
