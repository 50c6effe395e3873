import Foundation
import Store

/// What the suites that read records share: dates written as whole seconds, and a value's text
/// as ``RecordCoding`` writes it with them.
protocol WritesRecordText {}

/// Dates as their whole seconds since 1970 in a string, parsed from its bytes in place.
private let wholeSeconds = StoreDateFormat(
  text: { date in String(Int(date.timeIntervalSince1970)) },
  parse: { utf8 in
    guard !utf8.isEmpty, utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")) ~= $0 })
    else { return nil }
    return Date(timeIntervalSince1970: Double(String(decoding: utf8, as: UTF8.self))!)
  }, example: "1700000000")

extension WritesRecordText {
  /// Dates as their whole seconds since 1970 in a string.
  static var seconds: StoreDateFormat { wholeSeconds }

  /// `value` as ``RecordCoding`` writes it, dates as ``seconds``.
  func text(_ value: some Encodable) throws -> String {
    var writer = JSONWriter(capacity: 64)
    try RecordCoding.write(value, to: &writer, dates: Self.seconds)
    return String(decoding: writer.bytes, as: UTF8.self)
  }
}
