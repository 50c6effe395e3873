/// Builds compact JSON text byte by byte, for the store file's hand-written encoder.
///
/// `JSONEncoder` takes tens of milliseconds for ten thousand posts; writing the known
/// shape of the store file directly takes a few.
struct JSONWriter {
  private(set) var bytes: [UInt8] = []

  init(capacity: Int) {
    bytes.reserveCapacity(capacity)
  }

  /// Appends text that needs no escaping (punctuation, keys, white space).
  mutating func raw(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// Appends `"key": `.
  mutating func key(_ name: StaticString) {
    bytes.append(UInt8(ascii: "\""))
    raw(name)
    raw("\": ")
  }

  /// Appends an integer.
  mutating func int(_ value: Int) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    digits(value.magnitude, width: 1)
  }

  /// Appends the decimal digits of `value`, with leading zeros up to `width` digits.
  mutating func digits(_ value: UInt, width: Int) {
    let start = bytes.count
    var rest = value
    repeat {
      bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
      rest /= 10
    } while rest > 0
    while bytes.count - start < width { bytes.append(UInt8(ascii: "0")) }
    var low = start
    var high = bytes.count - 1
    while low < high {
      bytes.swapAt(low, high)
      low += 1
      high -= 1
    }
  }

  /// Appends one character that needs no escaping.
  mutating func character(_ character: Unicode.Scalar) {
    bytes.append(UInt8(ascii: character))
  }

  /// Appends `true` or `false`.
  mutating func bool(_ value: Bool) {
    value ? raw("true") : raw("false")
  }

  /// Appends a string in quotes, escaping quotes, backslashes and control characters.
  mutating func string(_ value: String) {
    bytes.append(UInt8(ascii: "\""))
    var value = value
    value.withUTF8 { utf8 in
      var start = 0
      for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
        escape(byte)
        start = index + 1
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private mutating func escape(_ byte: UInt8) {
    switch byte {
    case 0x22: raw("\\\"")
    case 0x5C: raw("\\\\")
    case 0x0A: raw("\\n")
    case 0x0D: raw("\\r")
    case 0x09: raw("\\t")
    case 0x08: raw("\\b")
    case 0x0C: raw("\\f")
    default:
      let hex: [UInt8] = Array("0123456789abcdef".utf8)
      raw("\\u00")
      bytes.append(hex[Int(byte >> 4)])
      bytes.append(hex[Int(byte & 0xF)])
    }
  }
}
