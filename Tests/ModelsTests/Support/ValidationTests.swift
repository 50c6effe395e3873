import Models
import Testing

@Suite struct EmailValidationTests {
  @Test(arguments: [
    "ada@example.com", "a@b", "  ada@example.com\n", "first.last+tag@mail.example.org",
  ])
  func acceptsAddressesWithTextAroundTheAtSign(_ email: String) {
    #expect(Validation.email(email) == .valid)
  }

  @Test(arguments: ["ada", "@example.com", "ada@", "@", "ada@example.com@"])
  func rejectsAddressesWithoutTextOnBothSidesOfTheAtSign(_ email: String) {
    #expect(
      Validation.email(email)
        == .invalid("An email address needs text on both sides of \"@\", like ada@example.com."))
  }

  @Test func rejectsEmptyAndBlankInput() {
    #expect(Validation.email("") == .invalid("Enter an email address."))
    #expect(Validation.email("  \t") == .invalid("Enter an email address."))
  }

  @Test func rejectsSpacesInside() {
    #expect(
      Validation.email("ada lovelace@example.com")
        == .invalid("An email address cannot contain spaces."))
  }
}

@Suite struct PasswordValidationTests {
  @Test func needsEightCharacters() {
    #expect(Validation.password("1234567") == .invalid("The password needs at least 8 characters."))
    #expect(Validation.password("12345678") == .valid)
    #expect(Validation.password("correct horse") == .valid)
  }

  @Test func countsCharactersNotBytes() {
    // Seven characters, many more bytes.
    #expect(!Validation.password("ééééééé").isValid)
    #expect(Validation.password("éééééééé").isValid)
  }

  @Test func spacesCount() {
    #expect(Validation.password("        ") == .valid)
  }

  @Test func emptyAsksForAPassword() {
    #expect(Validation.password("") == .invalid("Enter a password."))
  }
}

@Suite struct ValidationResultTests {
  @Test func exposesValidityAndMessage() {
    #expect(ValidationResult.valid.isValid)
    #expect(!ValidationResult.invalid("no").isValid)
    #expect(ValidationResult.invalid("no").message == "no")
  }
}
