import ReactiveTesting
import Store
import Testing

@Suite struct JSONReaderTests {
  private func reader(_ text: String) -> JSONReader {
    JSONReader(Array(text.utf8))
  }

  /// The failure reading `text` with `read`, or `nil` when it reads.
  private func failure(
    _ text: String, _ read: (inout JSONReader) throws -> Void
  ) -> JSONReader.Failure? {
    var reader = reader(text)
    do {
      try read(&reader)
      return nil
    } catch let failure as JSONReader.Failure {
      return failure
    } catch {
      Issue.record("unexpected \(error)")
      return nil
    }
  }

  @Test(arguments: [
    (#""plain""#, "plain"),
    (#""a\"b\\c\/d""#, "a\"b\\c/d"),
    (#""\n\r\t\b\f""#, "\n\r\t\u{08}\u{0C}"),
    (#""\u00e9\u0041""#, "éA"),
    (#""\ud83e\udd8a fox""#, "🦊 fox"),
    (
      #""long text that is longer than eight bytes, then \u00e9""#,
      "long text that is longer than eight bytes, then é"
    ),
    ("\"déjà vu, more than eight bytes\"", "déjà vu, more than eight bytes"),
    (#""""#, ""),
  ])
  func stringsAreDecoded(text: String, expected: String) throws {
    var reader = reader(text)
    #expect(try reader.string() == expected)
    try reader.end()
  }

  @Test(arguments: [
    (#""\ud800""#, "unpaired surrogate in a string", 8),
    (#""\ud800\u0041""#, "unpaired surrogate in a string", 8),
    (#""\udc00""#, "unpaired surrogate in a string", 2),
    (#""\u12""#, "invalid \\u escape in a string", 4),
    (#""\uzzzz""#, "invalid \\u escape in a string", 4),
    (#""\q""#, "invalid escape in a string", 3),
    ("\"tab\there\"", "control character in a string", 5),
    ("\"unterminated", "the text ends too early", 14),
    ("\"unterminated \\", "the text ends too early", 16),
    (#""ends in an escape \u00"#, "invalid \\u escape in a string", 22),
  ])
  func badStringsFailWithTheirPlace(text: String, message: String, column: Int) {
    let found = failure(text) { _ = try $0.string() }
    expectEqual(found?.message, message, "\(text)")
    expectEqual(found?.column, column, "\(text)")
  }

  @Test func invalidUTF8FailsInValuesAndNames() {
    var bytes = Array("{\"".utf8) + [0xC3, 0x28] + Array("\": 1}".utf8)
    var reader = JSONReader(bytes)
    #expect(throws: JSONReader.Failure.self) {
      try reader.object { reader, _ in try reader.skipValue() }
    }
    bytes = Array("\"abcdefgh".utf8) + [0xFF] + Array("\"".utf8)
    reader = JSONReader(bytes)
    #expect(throws: JSONReader.Failure.self) { _ = try reader.string() }
  }

  @Test(arguments: [
    ("0", 0), ("-0", 0), ("42", 42), ("-17", -17),
    ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min),
    // Around eighteen digits, the most read without checking for overflow.
    ("999999999999999999", 999_999_999_999_999_999),
    ("-999999999999999999", -999_999_999_999_999_999),
    ("1000000000000000000", 1_000_000_000_000_000_000),
    ("-1234567890123456789", -1_234_567_890_123_456_789),
  ])
  func wholeNumbersAreRead(text: String, expected: Int) throws {
    var reader = reader(text)
    #expect(try reader.int() == expected)
    try reader.end()
  }

  /// Whole numbers followed by more text, which are read eight bytes at once when they have
  /// at most seven digits: the same values, and the text after them left to read.
  @Test(arguments: [
    ("0", 0), ("7", 7), ("42", 42), ("1234567", 1_234_567), ("9999999", 9_999_999),
    ("12345678", 12_345_678), ("123456789012", 123_456_789_012), ("-3", -3),
    ("-1234567", -1_234_567), ("1000000", 1_000_000), ("10", 10),
  ])
  func wholeNumbersBeforeMoreTextAreRead(text: String, expected: Int) throws {
    for after in [", \"next\": 1}", "}", "]", " ", "\n  ]"] {
      var reader = reader(text + after + "        ")
      #expect(try reader.int() == expected, "\(text)\(after)")
      expectEqual(reader.position, text.utf8.count, "\(text)\(after)")
    }
  }

  @Test(arguments: [
    ("1.5", "expected a whole number", true),
    ("12.5, 1", "expected a whole number", true),
    ("1e3, 1234", "expected a whole number", true),
    ("7E3, 1234", "expected a whole number", true),
    ("012, 12345", "malformed number: a leading zero", false),
    ("00, 123456", "malformed number: a leading zero", false),
    ("x1234567, 1", "expected a whole number", false),
    ("\"12345\", 1", "expected a whole number", true),
    ("1e3", "expected a whole number", true),
    ("9223372036854775808", "number out of range", true),
    ("-9223372036854775809", "number out of range", true),
    ("10000000000000000000", "number out of range", true),
    ("-99999999999999999999", "number out of range", true),
    ("012", "malformed number: a leading zero", false),
    ("-x", "malformed number", false),
    ("-", "the text ends too early", false),
    ("\"1\"", "expected a whole number", true),
    ("", "the text ends too early", false),
  ])
  func malformedWholeNumbersFail(text: String, message: String, aboutAValue: Bool) {
    let found = failure(text) { _ = try $0.int() }
    expectEqual(found?.message, message, "\(text)")
    expectEqual(found?.isAboutAValue, aboutAValue, "\(text)")
  }

  @Test(arguments: ["0", "-1.25", "3e10", "2.5E-3", "1e+2", "-0.0"])
  func numbersKeepTheirText(text: String) throws {
    var reader = reader(text)
    #expect(try reader.numberText() == text)
    var skipping = self.reader(text)
    try skipping.skipValue()
    try skipping.end()
  }

  @Test(arguments: ["01", "1.", ".5", "1e", "1e+", "--1", "-.5", "1.e3"])
  func malformedNumbersFailWhenSkippedOrKept(text: String) {
    #expect(failure("[\(text)]") { try $0.skipValue() } != nil, "\(text)")
    #expect(failure(text) { _ = try $0.numberText() } != nil, "\(text)")
  }

  @Test(arguments: [
    "{", "{\"a\"", "{\"a\":", "{\"a\": 1", "{\"a\": 1,", "[", "[1,", "[1", "nul",
    "{\"a\": \"b", "{\"a\": [1, {\"b\": ",
  ])
  func truncatedTextFailsWithoutCrashing(text: String) {
    #expect(failure(text) { try $0.skipValue() } != nil, "\(text)")
    #expect(failure(text) { _ = try JSONValue.read(from: &$0) } != nil, "\(text)")
    var whole = reader(text)
    if (try? whole.skipValue()) == nil, text.hasPrefix("{") || text.hasPrefix("[") {
      #expect(failure(text) { try $0.skipValue() }?.message == "the text ends too early", "\(text)")
    }
  }

  @Test func fieldNamesAreToldByTheirIndexInAnyOrder() throws {
    let names = JSONReader.FieldNames(["id", "name", "a name longer than sixteen bytes"])
    var reader = reader(
      #"{"name": "x", "id": 3, "other": [1, {"id": 4}], "a name longer than sixteen bytes": 1, "\u0069d": 5, "nam": 6}"#
    )
    var seen: [String] = []
    try reader.object(names) { reader, index in
      switch index {
      case 0: seen.append("id=\(try reader.int())")
      case 1: seen.append("name=\(try reader.string())")
      case 2: seen.append("long=\(try reader.int())")
      default:
        seen.append("unknown")
        try reader.skipValue()
      }
    }
    try reader.end()
    expectEqual(seen, ["name=x", "id=3", "unknown", "long=1", "id=5", "unknown"])
  }

  @Test func fieldNamesReadAnEmptyObjectAndRejectBadOnes() throws {
    let names = JSONReader.FieldNames(["a"])
    var reader = reader("{ }")
    try reader.object(names) { _, _ in Issue.record("an empty object has no fields") }
    #expect(
      failure("{\"a\" 1}") { try $0.object(names) { reader, _ in try reader.skipValue() } }?.message
        == "expected ':' after a field name")
    #expect(
      failure("{a: 1}") { try $0.object(names) { reader, _ in try reader.skipValue() } }?.message
        == "expected a field name in quotes")
    #expect(
      failure("{\"a\": 1 \"b\": 2}") {
        try $0.object(names) { reader, _ in try reader.skipValue() }
      }?.message == "expected ',' or '}' in an object")
  }

  @Test func fieldNamesCountTowardsTheNestingLimit() {
    let names = JSONReader.FieldNames(["a"])
    func nest(_ reader: inout JSONReader) throws {
      try reader.object(names) { reader, _ in try nest(&reader) }
    }
    let text = String(repeating: "{\"a\":", count: 600) + "1" + String(repeating: "}", count: 600)
    let found = failure(text) { try nest(&$0) }
    expectEqual(found?.message, "objects and arrays nested more than 512 deep")
  }

  @Test func stringsParsedFromTheirBytesFailAtTheirStart() throws {
    var reader = reader(#"["2024", "\u0032\u0030\u0032\u0034"]"#)
    var parsed: [String] = []
    try reader.array { reader in
      try reader.string(
        parsedBy: { utf8 in
          parsed.append(String(decoding: utf8, as: UTF8.self))
          return utf8.count == 4
        }, orFail: "expected four bytes")
    }
    expectEqual(parsed, ["2024", "2024"])
    let found = failure(#"  "abc""#) { reader in
      try reader.string(parsedBy: { _ in false }, orFail: "expected something else")
    }
    #expect(found?.message == "expected something else" && found?.column == 3)
    expectEqual(found?.isAboutAValue, true)
  }
}
