#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Machine-readable output for `--json`: keys sorted so output is stable, dates in ISO 8601,
/// slashes left alone.
public struct JSONOutput: Sendable {
  /// Makes the helper.
  public init() {}

  /// `value` as one indented JSON document (no trailing newline).
  public func document(_ value: some Encodable) throws -> String {
    try encode(value, pretty: true)
  }

  /// `value` as JSON on a single line (no trailing newline), for streams with one object per
  /// line. Newlines inside strings are escaped, so the result never contains one.
  public func line(_ value: some Encodable) throws -> String {
    try encode(value, pretty: false)
  }

  /// Each of `values` as one line, each ending with a newline.
  public func lines<Value: Encodable>(_ values: [Value]) throws -> String {
    try values.map { try line($0) + "\n" }.joined()
  }

  private func encode(_ value: some Encodable, pretty: Bool) throws -> String {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting =
      pretty
      ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
      : [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }
}
