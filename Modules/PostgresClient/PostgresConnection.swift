#if Postgres
  import CLibPQ

  /// One connection to PostgreSQL, through libpq.
  ///
  /// Every statement is sent with its values as separate parameters (`$1`, `$2`, … in the SQL
  /// text; libpq's `PQexecParams`), never spliced into the text, so a value can hold any
  /// character but U+0000 (which PostgreSQL's text type cannot store, and which is refused),
  /// quotes and semicolons included, and is stored as it is.
  ///
  /// A connection is used by one thread at a time: ``PostgresPool`` hands each one to a single
  /// caller, which is why the type is not `Sendable`.
  public final class PostgresConnection {
    private let handle: OpaquePointer

    /// Connects, and sets the connection's statement time limit.
    ///
    /// - Parameters:
    ///   - url: where to connect; its password is never part of an error message.
    ///   - connectTimeout: how long to wait for the server, in whole seconds (at least 1).
    ///   - statementTimeoutMilliseconds: how long one statement may run before PostgreSQL
    ///     cancels it (SQLSTATE 57014); 0 for no limit.
    public init(
      url: PostgresURL, connectTimeout: Int = 5, statementTimeoutMilliseconds: Int = 5_000
    ) throws(PostgresError) {
      let keywords = ["dbname", "connect_timeout", "application_name"]
      let values = [url.connectionString, String(max(1, connectTimeout)), "app-server"]
      let connection = Self.withCStrings(keywords) { keywordPointers in
        Self.withCStrings(values) { valuePointers in
          // expand_dbname = 1: `dbname` may be a whole connection string or URI.
          PQconnectdbParams(keywordPointers, valuePointers, 1)
        }
      }
      guard let connection else {
        throw PostgresError(.connectionFailed, message: "libpq could not allocate a connection")
      }
      guard PQstatus(connection) == CONNECTION_OK else {
        // libpq may quote a part of the string it could not use: never a secret.
        let message = Self.withoutSecrets(Self.trimmed(PQerrorMessage(connection)), of: url)
        PQfinish(connection)
        throw PostgresError(
          .connectionFailed, message: "could not connect to \(url): \(message)")
      }
      handle = connection
      _ = try query(
        "SELECT set_config('statement_timeout', $1, false),"
          + " set_config('client_min_messages', 'warning', false)",
        [String(max(0, statementTimeoutMilliseconds))])
    }

    deinit { PQfinish(handle) }

    /// `message` with every password that `url` sets replaced by `***`.
    static func withoutSecrets(_ message: String, of url: PostgresURL) -> String {
      guard let info = try? url.connectionInfo() else { return message }
      var result = message
      for option in info.options
      where ConnectionInfo.secretKeywords.contains(option.keyword) && !option.value.isEmpty {
        result = result.replacing(option.value, with: "***")
      }
      return result
    }

    /// Whether the connection is still open; after a network failure or a server restart it
    /// is not, and the pool makes a new one.
    public var isOpen: Bool { PQstatus(handle) == CONNECTION_OK }

    /// Whether an idle connection is still open, reading what the server sent meanwhile
    /// without waiting: a server that restarted or ended the session closed the socket, which
    /// this notices before a statement is sent on it (so that the pool replaces the connection
    /// instead of failing a request).
    public var isStillOpen: Bool {
      // A server that ended the session sent a last message, then closed the socket: the
      // first read may take the message, the second meets the end.
      for _ in 0..<2 where PQconsumeInput(handle) == 0 { return false }
      return PQstatus(handle) == CONNECTION_OK
    }

    /// Whether the server still answers on this connection: an empty statement, sent and
    /// answered (one round trip). A session that the server is ending (`pg_terminate_backend`
    /// a moment ago, a shutdown under way) answers with an error or not at all, so the pool
    /// replaces it before a caller's statement is lost on it.
    public var answersPing: Bool {
      guard let result = PQexec(handle, "") else { return false }
      defer { PQclear(result) }
      return PQresultStatus(result) == PGRES_EMPTY_QUERY && PQstatus(handle) == CONNECTION_OK
    }

    /// Runs one statement with its parameters and returns its rows.
    ///
    /// - Parameters:
    ///   - sql: one statement, with `$1`, `$2`, … where the parameters go.
    ///   - parameters: the values in text form, `nil` for `NULL`.
    @discardableResult
    public func query(_ sql: String, _ parameters: [String?] = []) throws(PostgresError)
      -> PostgresRows
    {
      if parameters.contains(where: { $0?.utf8.contains(0) == true }) {
        throw PostgresError(
          .statementFailed, message: "a text value cannot hold the character U+0000")
      }
      let result = Self.withOptionalCStrings(parameters) { pointers in
        PQexecParams(handle, sql, Int32(parameters.count), nil, pointers, nil, nil, 0)
      }
      return try rows(of: result)
    }

    /// Runs SQL text that may hold several statements and no parameters (a migration).
    public func execute(script sql: String) throws(PostgresError) {
      let result = PQexec(handle, sql)
      _ = try rows(of: result)
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    @discardableResult
    public func transaction<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
      try query("BEGIN")
      do {
        let value = try body(self)
        try query("COMMIT")
        return value
      } catch {
        if isOpen { _ = try? query("ROLLBACK") }
        throw error
      }
    }

    private func rows(of result: OpaquePointer?) throws(PostgresError) -> PostgresRows {
      guard let result else {
        throw PostgresError(
          isOpen ? .statementFailed : .connectionFailed,
          message: Self.trimmed(PQerrorMessage(handle)))
      }
      defer { PQclear(result) }
      switch PQresultStatus(result) {
      case PGRES_TUPLES_OK, PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
        let columnCount = Int(PQnfields(result))
        let rowCount = Int(PQntuples(result))
        let columns = (0..<columnCount).map { String(cString: PQfname(result, Int32($0))) }
        var rows: [PostgresRow] = []
        rows.reserveCapacity(rowCount)
        for row in 0..<rowCount {
          rows.append(
            PostgresRow(
              (0..<columnCount).map { column -> String? in
                if PQgetisnull(result, Int32(row), Int32(column)) != 0 { return nil }
                return String(cString: PQgetvalue(result, Int32(row), Int32(column)))
              }))
        }
        let affected = Int(String(cString: PQcmdTuples(result))) ?? 0
        return PostgresRows(columns: columns, rows: rows, affectedRows: affected)
      default:
        let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map {
          String(cString: $0)
        }
        let message = Self.trimmed(PQresultErrorMessage(result))
        throw PostgresError(
          isOpen ? .statementFailed : .connectionFailed, sqlState: state,
          message: message.isEmpty ? Self.trimmed(PQerrorMessage(handle)) : message)
      }
    }

    private static func trimmed(_ text: UnsafePointer<CChar>?) -> String {
      guard let text else { return "" }
      var message = String(cString: text)
      while message.last?.isWhitespace == true { message.removeLast() }
      return message
    }

    private static func withCStrings<R>(
      _ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> R
    ) -> R {
      withOptionalCStrings(strings) { pointers in body(pointers + [nil]) }
    }

    /// Calls `body` with C copies of `strings`, valid for the duration of the call.
    private static func withOptionalCStrings<R>(
      _ strings: [String?], _ body: ([UnsafePointer<CChar>?]) -> R
    ) -> R {
      let copies: [UnsafeMutablePointer<CChar>?] = strings.map { $0.map { strdupUTF8($0) } }
      defer { for copy in copies { copy?.deallocate() } }
      return body(copies.map { $0.map { UnsafePointer($0) } })
    }

    private static func strdupUTF8(_ string: String) -> UnsafeMutablePointer<CChar> {
      let utf8 = Array(string.utf8CString)
      let copy = UnsafeMutablePointer<CChar>.allocate(capacity: utf8.count)
      copy.initialize(from: utf8, count: utf8.count)
      return copy
    }
  }
#endif
