import CommandLineKit

extension Prompt {
  /// Asks for `label`; the end of input counts as a missing value.
  /// - Throws: `UsageError` when the input is not a terminal or ended.
  func required(_ label: String, hint: String) throws -> String {
    guard let answer = try line(label, hint: hint) else { throw Self.ended(label, hint: hint) }
    return answer
  }

  /// Asks for `label` without echo; the end of input counts as a missing value.
  /// - Throws: `UsageError` when the input is not a terminal or ended; `InterruptedError` on
  ///   Ctrl-C.
  func requiredSecret(_ label: String, hint: String) throws -> String {
    guard let answer = try secret(label, hint: hint) else { throw Self.ended(label, hint: hint) }
    return answer
  }

  private static func ended(_ label: String, hint: String) -> UsageError {
    UsageError("missing \(label.lowercased()): the input ended; \(hint)")
  }
}

extension CommandContext {
  /// How many times a prompt asks for a value its screen does not accept.
  static let attempts = 3

  /// Asks for `label` until `problem` (the screen's message for a value) finds nothing wrong,
  /// printing the message after each refused value, up to ``attempts`` times. Returns the
  /// last value typed, with its problem when the last attempt was refused too (not printed:
  /// the caller says it, or hands the value to a form that does).
  /// - Throws: `UsageError` when the input is not a terminal or ended; `InterruptedError` on
  ///   Ctrl-C for a secret.
  func ask(
    _ label: String, hint: String, secret: Bool = false, problem: (String) -> String?
  ) throws -> (text: String, problem: String?) {
    var typed = ""
    for attempt in 1...Self.attempts {
      typed =
        secret
        ? try prompt.requiredSecret(label, hint: hint) : try prompt.required(label, hint: hint)
      guard let message = problem(typed) else { return (typed, nil) }
      if attempt == Self.attempts { return (typed, message) }
      printer.error(message)
    }
    return (typed, nil)
  }
}
