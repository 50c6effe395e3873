/// A PostgreSQL connection string, as libpq reads it: a URI
/// (`postgresql://user@host:5432/db?sslmode=disable`, `postgres://…`), `key=value` pairs
/// (`host=/tmp dbname=app`), or a database's name.
///
/// It keeps the string whole for libpq, and shows it only as ``ConnectionInfo`` reads it, with
/// its password hidden: its `description` is what logs and error messages print.
public struct PostgresURL: Sendable, Equatable, CustomStringConvertible {
  /// The string as given, password included: only for libpq.
  public let connectionString: String

  /// Takes a connection string, refusing one that is empty or only spaces.
  public init?(_ connectionString: String) {
    guard connectionString.contains(where: { !$0.isWhitespace }) else { return nil }
    self.connectionString = connectionString
  }

  /// The options the string sets, read as libpq reads them (see ``ConnectionInfo/parse(_:)``).
  ///
  /// - Throws: `ConnectionInfo.ParseError` when libpq would refuse the string; its message
  ///   holds no value from the string.
  public func connectionInfo() throws(ConnectionInfo.ParseError) -> ConnectionInfo {
    try ConnectionInfo.parse(connectionString)
  }

  /// Whether libpq would read a password (`password` or `sslpassword`) from the string,
  /// however it is written (a URI's user part, a query item, a percent-encoded key, a
  /// `key=value` pair): a program that takes the string as an argument refuses one, since
  /// every user of the machine can read a command line. A string libpq cannot read counts as
  /// holding one, as nothing can be said of it.
  public var hasPassword: Bool {
    (try? connectionInfo())?.hasSecret ?? true
  }

  /// The options libpq reads from the string as `key=value` pairs, each password replaced
  /// by `***`, or a note that the string cannot be read: safe to print and log.
  public var description: String {
    do {
      return try connectionInfo().redacted
    } catch {
      return "(a connection string that libpq cannot read: \(error))"
    }
  }
}
