/// The outcome of checking one input field against its rule.
public enum ValidationResult: Sendable, Codable, Hashable {
  /// The input passes the rule.
  case valid
  /// The input fails the rule; the message tells the user what to fix.
  case invalid(String)

  /// Whether the input passes the rule.
  public var isValid: Bool {
    self == .valid
  }

  /// The message for the user when the input fails, else `nil`.
  public var message: String? {
    if case .invalid(let message) = self { return message }
    return nil
  }
}
