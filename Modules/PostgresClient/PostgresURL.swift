import Foundation

/// A PostgreSQL connection string, as libpq reads it: a URI
/// (`postgresql://user@host:5432/db?sslmode=disable`, `postgres://…`) or `key=value` pairs
/// (`host=/tmp dbname=app`).
///
/// It keeps the string whole for libpq, and shows it only without its password: its
/// `description` is what logs and error messages print.
public struct PostgresURL: Sendable, Equatable, CustomStringConvertible {
  /// The string as given, password included: only for libpq.
  public let connectionString: String

  /// Takes a connection string, refusing one that is empty or only spaces.
  public init?(_ connectionString: String) {
    guard connectionString.contains(where: { !$0.isWhitespace }) else { return nil }
    self.connectionString = connectionString
  }

  /// Whether the string holds a password (in a URI's user part, a `password=` query item or
  /// a `password=` pair): a program that takes the string as an argument refuses one, since
  /// every user of the machine can read a command line.
  public var hasPassword: Bool { description != connectionString }

  /// The string with its password replaced by `***`: safe to print and log.
  public var description: String {
    let text = connectionString
    if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
      return Self.redactingURI(text)
    }
    return Self.redactingPairs(text)
  }

  /// `scheme://user:secret@host/…` → `scheme://user:***@host/…`, and a `password=` query item.
  private static func redactingURI(_ text: String) -> String {
    var result = text
    if let schemeEnd = result.range(of: "://") {
      let authorityEnd =
        result[schemeEnd.upperBound...].firstIndex(where: { $0 == "/" || $0 == "?" })
        ?? result.endIndex
      let authority = result[schemeEnd.upperBound..<authorityEnd]
      if let at = authority.lastIndex(of: "@"),
        let colon = authority[..<at].firstIndex(of: ":")
      {
        result.replaceSubrange(result.index(after: colon)..<at, with: "***")
      }
    }
    if let query = result.firstIndex(of: "?") {
      let items = result[result.index(after: query)...].split(
        separator: "&", omittingEmptySubsequences: false
      ).map { item -> String in
        item.lowercased().hasPrefix("password=") ? "password=***" : String(item)
      }
      result = String(result[...query]) + items.joined(separator: "&")
    }
    return result
  }

  /// `host=h password=secret` → `host=h password=***` (a quoted value included).
  private static func redactingPairs(_ text: String) -> String {
    guard let key = text.range(of: "password", options: .caseInsensitive) else { return text }
    var index = key.upperBound
    while index < text.endIndex, text[index] == " " { index = text.index(after: index) }
    guard index < text.endIndex, text[index] == "=" else { return text }
    index = text.index(after: index)
    while index < text.endIndex, text[index] == " " { index = text.index(after: index) }
    var end = index
    if end < text.endIndex, text[end] == "'" {
      end = text.index(after: end)
      while end < text.endIndex, text[end] != "'" {
        if text[end] == "\\" { end = text.index(after: end) }
        if end < text.endIndex { end = text.index(after: end) }
      }
      if end < text.endIndex { end = text.index(after: end) }
    } else {
      while end < text.endIndex, text[end] != " " { end = text.index(after: end) }
    }
    return String(text[..<index]) + "***" + redactingPairs(String(text[end...]))
  }
}
