import Models
import ReactiveTesting
import Testing

@Suite struct EmailValidationTests {
  @Test(arguments: [
    "ada@example.com", "a@b", "  ada@example.com\n", "first.last+tag@mail.example.org",
  ])
  func acceptsAddressesWithTextAroundTheAtSign(_ email: String) {
    expectEqual(Validation.email(email), .valid)
  }

  @Test(arguments: ["ada", "@example.com", "ada@", "@", "ada@example.com@"])
  func rejectsAddressesWithoutTextOnBothSidesOfTheAtSign(_ email: String) {
    expectEqual(
      Validation.email(email),
      .invalid("An email address needs text on both sides of \"@\", like ada@example.com."))
  }

  @Test func rejectsEmptyAndBlankInput() {
    expectEqual(Validation.email(""), .invalid("Enter an email address."))
    expectEqual(Validation.email("  \t"), .invalid("Enter an email address."))
  }

  @Test func rejectsSpacesInside() {
    expectEqual(
      Validation.email("ada lovelace@example.com"),
      .invalid("An email address cannot contain spaces."))
  }
}

@Suite struct PasswordValidationTests {
  @Test func needsEightCharacters() {
    expectEqual(
      Validation.password("1234567"), .invalid("The password needs at least 8 characters."))
    expectEqual(Validation.password("12345678"), .valid)
    expectEqual(Validation.password("correct horse"), .valid)
  }

  @Test func countsCharactersNotBytes() {
    // Seven characters, many more bytes.
    #expect(!Validation.password("ééééééé").isValid)
    #expect(Validation.password("éééééééé").isValid)
  }

  @Test func spacesCount() {
    expectEqual(Validation.password("        "), .valid)
  }

  @Test func emptyAsksForAPassword() {
    expectEqual(Validation.password(""), .invalid("Enter a password."))
  }
}

@Suite struct ValidationResultTests {
  @Test func exposesValidityAndMessage() {
    #expect(ValidationResult.valid.isValid)
    #expect(!ValidationResult.invalid("no").isValid)
    expectEqual(ValidationResult.invalid("no").message, "no")
  }
}
