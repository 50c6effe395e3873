import Models
import ReactiveTesting
import Testing

@Suite struct NameValidationTests {
  @Test func emptyOrBlankIsInvalid() {
    expectEqual(Validation.firstName(""), .invalid("Enter a first name."))
    expectEqual(Validation.firstName("   "), .invalid("Enter a first name."))
    expectEqual(Validation.lastName("\n"), .invalid("Enter a last name."))
  }

  @Test func fiftyCharactersAfterTrimmingIsTheLimit() {
    let fifty = String(repeating: "a", count: 50)
    expectEqual(Validation.firstName(fifty), .valid)
    expectEqual(Validation.firstName("  " + fifty + "  "), .valid)
    expectEqual(
      Validation.firstName(fifty + "a"), .invalid("A first name can have at most 50 characters."))
    expectEqual(
      Validation.lastName(fifty + "a"), .invalid("A last name can have at most 50 characters."))
  }

  @Test func singleCharacterIsEnough() {
    expectEqual(Validation.lastName("X"), .valid)
  }

  /// The first and last code point of each forbidden range, and one inside it.
  @Test(arguments: [
    (0x00, "U+0000"), (0x09, "U+0009"), (0x0A, "U+000A"), (0x1B, "U+001B"), (0x1F, "U+001F"),
    (0x7F, "U+007F"), (0x80, "U+0080"), (0x9B, "U+009B"), (0x9F, "U+009F"),
    (0x202A, "U+202A"), (0x202E, "U+202E"), (0x2066, "U+2066"), (0x2069, "U+2069"),
  ])
  func refusesControlCharactersAndBidirectionalControls(_ value: UInt32, _ shown: String) {
    let name = "Ev" + String(Unicode.Scalar(value)!) + "il"
    expectEqual(
      Validation.firstName(name),
      .invalid(
        "A first name cannot contain control characters or bidirectional overrides and "
          + "isolates (it contains \(shown))."))
    expectEqual(
      Validation.lastName(name),
      .invalid(
        "A last name cannot contain control characters or bidirectional overrides and "
          + "isolates (it contains \(shown))."))
  }

  @Test func refusesATerminalEscapeSequence() {
    #expect(!Validation.firstName("\u{1B}[2J\u{1B}[31mEvil").isValid)
  }

  /// Just outside the forbidden ranges, and letters of scripts written right to left, which
  /// need no override.
  @Test(arguments: [
    "Ada~", "Zoë", "Ñandú\u{A0}Pérez", "Marie\u{202F}Anne", "سارة", "שרה",
  ])
  func acceptsOrdinaryLettersAndNeighbouringCodePoints(_ name: String) {
    expectEqual(Validation.firstName(name), .valid)
  }

  /// White space around the name is trimmed before the check, as it is when a draft is
  /// saved; a tab or line break inside the name is refused.
  @Test func surroundingWhiteSpaceIsTrimmedFirst() {
    expectEqual(Validation.lastName("\tKing\n"), .valid)
    #expect(!Validation.lastName("Ki\tng").isValid)
  }
}

@Suite struct PhoneValidationTests {
  @Test(arguments: [
    "1234567", "123456789012345", "+1 (555) 010-4477", "+44 20 7946 0123", " 0301234567 ",
  ])
  func acceptsDigitsSpacesPlusDashAndParentheses(_ phone: String) {
    expectEqual(Validation.phoneNumber(phone), .valid)
  }

  @Test(arguments: ["123456", "1234567890123456", "+(--) 12 34 56"])
  func needsSevenToFifteenDigits(_ phone: String) {
    expectEqual(Validation.phoneNumber(phone), .invalid("A phone number needs 7 to 15 digits."))
  }

  @Test(arguments: ["555-0123 ext 4", "555.012.3456", "12345678a", "١٢٣٤٥٦٧٨"])
  func rejectsOtherCharacters(_ phone: String) {
    expectEqual(
      Validation.phoneNumber(phone),
      .invalid(
        "A phone number can contain only digits, spaces, \"+\", \"-\" and parentheses."))
  }

  @Test func emptyAsksForANumber() {
    expectEqual(Validation.phoneNumber(" "), .invalid("Enter a phone number."))
  }
}
