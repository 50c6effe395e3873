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
