/// Reads JSON text in place, value by value, for the store file's hand-written decoder.
///
/// The caller walks the document it expects (`object`, `array`, `string`, `int`…); every
/// problem of the text throws a ``JSONReader/Failure`` with the line and column where it
/// was found. Errors thrown by the caller's closures pass through unchanged.
/// This is much faster than `JSONDecoder` on large files because nothing but the final
/// values is allocated.
struct JSONReader {
  /// A syntax error or an unexpected kind of value, with its position.
  struct Failure: Error {
    var message: String
    var line: Int
    var column: Int
    /// Whether the text is valid JSON there but holds another kind of value (a number
    /// where a string was expected, say), rather than broken JSON.
    var isAboutAValue: Bool

    var description: String { "\(message) at line \(line), column \(column)" }
  }

  private let bytes: [UInt8]
  private var position = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  // MARK: Structure

  /// Reads an object, calling `field` with each key; `field` must read the value.
  mutating func object(_ field: (inout JSONReader, String) throws -> Void) throws {
    try expectValue(UInt8(ascii: "{"), "expected an object")
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      position += 1
      return
    }
    while true {
      skipWhitespace()
      guard peek() == UInt8(ascii: "\"") else { throw failure("expected a field name in quotes") }
      let key = try string()
      try expect(UInt8(ascii: ":"), "expected ':' after a field name")
      try field(&self, key)
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "}"):
        position += 1
        return
      default: throw failure("expected ',' or '}' in an object")
      }
    }
  }

  /// Reads an array, calling `element` for each element; `element` must read the value.
  mutating func array(_ element: (inout JSONReader) throws -> Void) throws {
    try expectValue(UInt8(ascii: "["), "expected an array")
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      position += 1
      return
    }
    while true {
      try element(&self)
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "]"):
        position += 1
        return
      default: throw failure("expected ',' or ']' in an array")
      }
    }
  }

  /// Checks that only white space follows the document.
  mutating func end() throws {
    skipWhitespace()
    if position < bytes.count { throw failure("unexpected text after the end of the document") }
  }

  // MARK: Values

  /// Reads a string.
  mutating func string() throws -> String {
    try expectValue(UInt8(ascii: "\""), "expected a string")
    let start = position
    // Fast path: no escapes.
    var isASCII = true
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let text =
          isASCII
          ? String(decoding: bytes[start..<position], as: UTF8.self)
          : try decodeUTF8(bytes[start..<position])
        position += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw failure("control character in a string") }
      if byte >= 0x80 { isASCII = false }
      position += 1
    }
    var buffer = Array(bytes[start..<position])
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        return try decodeUTF8(buffer[...])
      case UInt8(ascii: "\\"):
        try unescape(into: &buffer)
      case ..<0x20:
        position -= 1
        throw failure("control character in a string")
      default:
        buffer.append(byte)
      }
    }
    throw failure("unterminated string")
  }

  /// Reads a string and converts it with `parse`; when that gives `nil`, fails with
  /// `message` at the start of the string.
  mutating func string<Value>(
    parsedBy parse: (String) -> Value?, orFail message: String
  ) throws -> Value {
    skipWhitespace()
    let start = position
    let text = try string()
    guard let value = parse(text) else {
      throw failure(at: start, message, value: true)
    }
    return value
  }

  /// Reads an integer (no fraction or exponent).
  mutating func int() throws -> Int {
    skipWhitespace()
    let start = position
    var negative = false
    if peek() == UInt8(ascii: "-") {
      negative = true
      position += 1
    }
    var value = 0
    var digits = 0
    while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
      let digit = Int(byte - UInt8(ascii: "0"))
      let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) =
        negative
        ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
      if overflow1 || overflow2 {
        position = start
        throw failure("number out of range", value: true)
      }
      value = next
      digits += 1
      position += 1
    }
    if digits == 0 {
      position = start
      throw failure("expected a whole number", value: startsAValue)
    }
    if let byte = peek(),
      byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    {
      position = start
      throw failure("expected a whole number", value: true)
    }
    return value
  }

  /// Reads `true` or `false`.
  mutating func bool() throws -> Bool {
    skipWhitespace()
    if matches("true") { return true }
    if matches("false") { return false }
    throw failure("expected true or false", value: startsAValue)
  }

  /// Reads and discards any value.
  mutating func skipValue() throws {
    skipWhitespace()
    switch peek() {
    case UInt8(ascii: "{"): try object { reader, _ in try reader.skipValue() }
    case UInt8(ascii: "["): try array { reader in try reader.skipValue() }
    case UInt8(ascii: "\""): _ = try string()
    case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
    case UInt8(ascii: "n"):
      if !matches("null") { throw failure("expected a value") }
    default:
      let start = position
      while let byte = peek(), "+-.0123456789eE".utf8.contains(byte) { position += 1 }
      if position == start { throw failure("expected a value") }
    }
  }

  // MARK: Errors

  /// A failure at the current position; `value` tells whether it is about the kind of
  /// value found rather than the JSON syntax.
  func failure(_ message: String, value: Bool = false) -> Failure {
    if position >= bytes.count {
      return failure(at: bytes.count, "the text ends too early", value: false)
    }
    return failure(at: position, message, value: value)
  }

  private func failure(at position: Int, _ message: String, value: Bool) -> Failure {
    var line = 1
    var lineStart = 0
    for index in 0..<min(position, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
    return Failure(
      message: message, line: line, column: position - lineStart + 1, isAboutAValue: value)
  }

  // MARK: Helpers

  private func peek() -> UInt8? {
    position < bytes.count ? bytes[position] : nil
  }

  private mutating func skipWhitespace() {
    while let byte = peek(),
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
        || byte == UInt8(ascii: "\t")
    {
      position += 1
    }
  }

  /// Whether the next character can start a JSON value.
  private var startsAValue: Bool {
    guard let byte = peek() else { return false }
    return "{[\"-0123456789tfn".utf8.contains(byte)
  }

  /// Consumes `byte`, which starts the kind of value the caller expects.
  private mutating func expectValue(_ byte: UInt8, _ message: String) throws {
    skipWhitespace()
    guard peek() == byte else { throw failure(message, value: startsAValue) }
    position += 1
  }

  private mutating func expect(_ byte: UInt8, _ message: String) throws {
    skipWhitespace()
    guard peek() == byte else { throw failure(message) }
    position += 1
  }

  private mutating func matches(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    let same = word.withUTF8Buffer { expected in
      (0..<count).allSatisfy { bytes[position + $0] == expected[$0] }
    }
    if same { position += count }
    return same
  }

  private func decodeUTF8(_ slice: ArraySlice<UInt8>) throws -> String {
    guard let text = String(validating: slice, as: UTF8.self) else {
      throw failure("invalid UTF-8 in a string")
    }
    return text
  }

  private mutating func unescape(into buffer: inout [UInt8]) throws {
    guard let byte = peek() else { throw failure("unterminated string") }
    position += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
    case UInt8(ascii: "n"): buffer.append(0x0A)
    case UInt8(ascii: "r"): buffer.append(0x0D)
    case UInt8(ascii: "t"): buffer.append(0x09)
    case UInt8(ascii: "b"): buffer.append(0x08)
    case UInt8(ascii: "f"): buffer.append(0x0C)
    case UInt8(ascii: "u"):
      var scalar = try hex4()
      if (0xD800..<0xDC00).contains(scalar) {
        guard matches("\\u") else { throw failure("unpaired surrogate in a string") }
        let low = try hex4()
        guard (0xDC00..<0xE000).contains(low) else {
          throw failure("unpaired surrogate in a string")
        }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      }
      guard let unicode = Unicode.Scalar(scalar) else {
        throw failure("invalid \\u escape in a string")
      }
      buffer.append(contentsOf: UTF8.encode(unicode)!)
    default:
      position -= 1
      throw failure("invalid escape in a string")
    }
  }

  private mutating func hex4() throws -> UInt32 {
    guard position + 4 <= bytes.count else { throw failure("invalid \\u escape in a string") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw failure("invalid \\u escape in a string")
      }
      value = value << 4 | digit
      position += 1
    }
    return value
  }
}
