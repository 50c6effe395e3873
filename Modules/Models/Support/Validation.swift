/// The input rules of the app, as pure functions that return a message the user can act on.
///
/// Each rule accepts the text exactly as typed; rules that ignore surrounding white space
/// say so.
public enum Validation {
  /// The fewest characters a password may have.
  public static let minimumPasswordLength = 8

  /// Checks an email address: after trimming surrounding white space it must contain no
  /// spaces and an `@` with text on both sides.
  public static func email(_ text: String) -> ValidationResult {
    let email = text.trimmingWhitespace()
    if email.isEmpty {
      return .invalid("Enter an email address.")
    }
    if email.contains(where: \.isWhitespace) {
      return .invalid("An email address cannot contain spaces.")
    }
    guard let at = email.lastIndex(of: "@"), at != email.startIndex,
      email.index(after: at) != email.endIndex
    else {
      return .invalid("An email address needs text on both sides of \"@\", like ada@example.com.")
    }
    return .valid
  }

  /// Checks a password: it needs at least ``minimumPasswordLength`` characters, spaces
  /// included.
  public static func password(_ text: String) -> ValidationResult {
    if text.isEmpty {
      return .invalid("Enter a password.")
    }
    if text.count < minimumPasswordLength {
      return .invalid("The password needs at least \(minimumPasswordLength) characters.")
    }
    return .valid
  }
}

extension String {
  /// The string without white space (spaces, tabs, line breaks) at either end.
  func trimmingWhitespace() -> String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
