import TerminalText

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Machine-readable output for `--json`: keys sorted so output is stable, dates in ISO 8601,
/// slashes left alone, and every character that could control a terminal (C0 and C1
/// controls, DEL, bidirectional overrides and isolates) written as a `\uXXXX` escape, so that
/// data printed as JSON to a terminal never controls it.
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
    let data = try encoder.encode(value)
    return Self.escapingTerminalControls(
      String(
        decoding: pretty ? Self.compactingEmptyContainers(Array(data)) : Array(data),
        as: UTF8.self))
  }

  /// `json` with each character that could control a terminal written `\uXXXX`, but the
  /// white space between tokens (line feed, carriage return, tab); the encoder escapes every
  /// C0 control inside strings already, so the others can only be inside strings, where the
  /// escape means the same character.
  static func escapingTerminalControls(_ json: String) -> String {
    func escaped(_ scalar: Unicode.Scalar) -> Bool {
      scalar.isTerminalControl && scalar != "\n" && scalar != "\r" && scalar != "\t"
    }
    guard json.unicodeScalars.contains(where: escaped) else { return json }
    var result = ""
    for scalar in json.unicodeScalars {
      guard escaped(scalar) else {
        result.unicodeScalars.append(scalar)
        continue
      }
      let hex = String(scalar.value, radix: 16, uppercase: true)
      result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
    return result
  }

  /// `json` with each empty array or object written `[]` or `{}`: the pretty printer of some
  /// Foundation versions puts a blank line between the brackets.
  static func compactingEmptyContainers(_ json: [UInt8]) -> [UInt8] {
    var result: [UInt8] = []
    result.reserveCapacity(json.count)
    var inString = false
    var index = 0
    while index < json.count {
      let byte = json[index]
      result.append(byte)
      index += 1
      if inString {
        if byte == UInt8(ascii: "\\"), index < json.count {
          result.append(json[index])
          index += 1
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""):
        inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        let close = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
        var next = index
        while next < json.count, [0x20, 0x0A, 0x0D, 0x09].contains(json[next]) { next += 1 }
        if next < json.count, json[next] == close {
          result.append(close)
          index = next + 1
        }
      default:
        break
      }
    }
    return result
  }
}
