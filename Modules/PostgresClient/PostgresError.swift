/// What went wrong talking to PostgreSQL.
///
/// Each error says whether the database could not be reached (``isUnavailable``: a server
/// answers such a request with 503 and tries again on the next one) or refused the statement
/// (a constraint, a timeout, a syntax error), with PostgreSQL's SQLSTATE code when it sent one.
public struct PostgresError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The kinds of failure a caller tells apart.
  public enum Kind: Sendable, Equatable {
    /// No connection could be made, or the one in use broke.
    case connectionFailed
    /// Every connection of the pool stayed busy for longer than its wait limit.
    case poolTimedOut
    /// The server ran the statement and refused it; ``PostgresError/sqlState`` says why.
    case statementFailed
    /// The package was built without the `Postgres` trait, so there is no libpq to call.
    case notBuiltIn
  }

  /// The kind of failure.
  public var kind: Kind
  /// PostgreSQL's five-character SQLSTATE code, when the server sent one (`23505` for a
  /// unique violation, `57014` for a statement cancelled by its timeout, …).
  public var sqlState: String?
  /// The server's or the client library's message, without the password of the connection.
  public var message: String

  /// Makes an error.
  public init(_ kind: Kind, sqlState: String? = nil, message: String) {
    self.kind = kind
    self.sqlState = sqlState
    self.message = message
  }

  /// Whether the database could not be reached: the request may succeed once it is back.
  ///
  /// A statement that fails with an SQLSTATE of class 08 (connection exception) or 57P
  /// (operator intervention: the server shutting down) counts too.
  public var isUnavailable: Bool {
    switch kind {
    case .connectionFailed, .poolTimedOut, .notBuiltIn: return true
    case .statementFailed:
      guard let sqlState else { return false }
      return sqlState.hasPrefix("08") || sqlState.hasPrefix("57P")
    }
  }

  /// Whether a unique or primary-key constraint refused the row (SQLSTATE 23505).
  public var isUniqueViolation: Bool { sqlState == "23505" }

  /// Whether the statement ran past its time limit (SQLSTATE 57014).
  public var isTimeout: Bool { sqlState == "57014" }

  public var description: String {
    if let sqlState { return "\(message) (SQLSTATE \(sqlState))" }
    return message
  }
}
