extension StringProtocol {
  /// This text with every character that could control a terminal shown escaped, so data
  /// can never write a raw escape sequence: C0 controls, DEL and C1 controls, and the
  /// bidirectional overrides and isolates (U+202A–U+202E, U+2066–U+2069) that reorder what
  /// follows. Tab, line feed and carriage return become `\t`, `\n` and `\r`; the others
  /// `\u{…}` with their hexadecimal code point (`\u{1B}` for ESC).
  public func escapingControlCharacters() -> String {
    var result = ""
    for scalar in unicodeScalars {
      switch scalar {
      case "\t": result += "\\t"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case _ where Self.isControl(scalar):
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isTerminalControl
  }
}

extension Unicode.Scalar {
  /// Whether the scalar could control a terminal or reorder the text after it: a C0 control,
  /// DEL, a C1 control, or a bidirectional override or isolate (U+202A–U+202E,
  /// U+2066–U+2069). ``StringProtocol/escapingControlCharacters()`` escapes exactly these.
  public var isTerminalControl: Bool {
    switch value {
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
