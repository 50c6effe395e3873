// The rules of a friend's fields.
extension Validation {
  /// The most characters a first or last name may have, after trimming.
  public static let maximumNameLength = 50
  /// How many digits a phone number may have.
  public static let phoneDigitCount = 7...15

  /// Checks a first name: not empty after trimming, at most ``maximumNameLength``
  /// characters, and no character that could take over a terminal or reorder the text
  /// around it (see ``isForbiddenInNames(_:)``).
  public static func firstName(_ text: String) -> ValidationResult {
    name(text, label: "first name")
  }

  /// Checks a last name: not empty after trimming, at most ``maximumNameLength``
  /// characters, and no character that could take over a terminal or reorder the text
  /// around it (see ``isForbiddenInNames(_:)``).
  public static func lastName(_ text: String) -> ValidationResult {
    name(text, label: "last name")
  }

  /// Checks a phone number: after trimming, only digits, spaces, `+`, `-` and parentheses,
  /// with ``phoneDigitCount`` digits.
  public static func phoneNumber(_ text: String) -> ValidationResult {
    let phone = text.trimmingWhitespace()
    if phone.isEmpty {
      return .invalid("Enter a phone number.")
    }
    var digits = 0
    for character in phone {
      if character.isASCIIDigit {
        digits += 1
      } else if !" +-()".contains(character) {
        return .invalid(
          "A phone number can contain only digits, spaces, \"+\", \"-\" and parentheses.")
      }
    }
    if !phoneDigitCount.contains(digits) {
      return .invalid(
        "A phone number needs \(phoneDigitCount.lowerBound) to \(phoneDigitCount.upperBound) digits."
      )
    }
    return .valid
  }

  private static func name(_ text: String, label: String) -> ValidationResult {
    let name = text.trimmingWhitespace()
    if name.isEmpty {
      return .invalid("Enter a \(label).")
    }
    if name.count > maximumNameLength {
      return .invalid("A \(label) can have at most \(maximumNameLength) characters.")
    }
    if let forbidden = name.unicodeScalars.first(where: isForbiddenInNames) {
      return .invalid(
        "A \(label) cannot contain control characters or bidirectional overrides and isolates "
          + "(it contains \(forbidden.codePoint)).")
    }
    return .valid
  }

  /// Whether a name must not contain `scalar`: the control characters (C0 `U+0000`–`U+001F`,
  /// DEL `U+007F`, C1 `U+0080`–`U+009F`), which a terminal may obey as commands, and the
  /// bidirectional overrides and isolates (`U+202A`–`U+202E`, `U+2066`–`U+2069`), which make
  /// text display in another order than it is stored.
  public static func isForbiddenInNames(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}

extension Unicode.Scalar {
  /// The scalar as `U+` and at least four hexadecimal digits, like `U+001B`.
  fileprivate var codePoint: String {
    let digits = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool {
    guard let value = asciiValue else { return false }
    return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(value)
  }
}
