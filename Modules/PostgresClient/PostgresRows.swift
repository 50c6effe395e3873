/// The rows a statement returned, in PostgreSQL's text format.
///
/// Each value is the text PostgreSQL prints for it (`42`, `t`, `2026-12-02 09:00:00+00`), or
/// `nil` for SQL `NULL`; ``PostgresRow`` reads the common types from it.
public struct PostgresRows: Sendable, Equatable {
  /// The columns' names, in order.
  public var columns: [String]
  /// The rows, each with one value per column.
  public var rows: [PostgresRow]
  /// How many rows the statement inserted, updated or deleted (0 for a query).
  public var affectedRows: Int

  /// Makes a result; tests and fakes build them by hand.
  public init(columns: [String], rows: [PostgresRow], affectedRows: Int) {
    self.columns = columns
    self.rows = rows
    self.affectedRows = affectedRows
  }

  /// The first row, if any.
  public var first: PostgresRow? { rows.first }
}

/// One row of ``PostgresRows``.
public struct PostgresRow: Sendable, Equatable {
  /// The values, one per column, `nil` for `NULL`.
  public var values: [String?]

  /// Makes a row.
  public init(_ values: [String?]) { self.values = values }

  /// The text of column `index`, `nil` for `NULL`.
  public subscript(index: Int) -> String? { values[index] }

  /// Column `index` as an integer; fails when it is `NULL` or not one.
  public func int(_ index: Int) throws(PostgresError) -> Int {
    guard let text = values[index], let value = Int(text) else {
      throw PostgresError(
        .statementFailed, message: "column \(index) is not an integer: \(values[index] ?? "NULL")")
    }
    return value
  }

  /// Column `index` as text; fails when it is `NULL`.
  public func string(_ index: Int) throws(PostgresError) -> String {
    guard let text = values[index] else {
      throw PostgresError(.statementFailed, message: "column \(index) is NULL")
    }
    return text
  }

  /// Column `index` as a Boolean (`t` or `f`); fails when it is `NULL` or not one.
  public func bool(_ index: Int) throws(PostgresError) -> Bool {
    switch values[index] {
    case "t": return true
    case "f": return false
    default:
      throw PostgresError(
        .statementFailed, message: "column \(index) is not a Boolean: \(values[index] ?? "NULL")")
    }
  }
}
