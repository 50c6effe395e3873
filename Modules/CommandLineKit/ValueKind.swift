/// What an option's value or a positional argument must look like.
public enum ValueKind: Sendable, Equatable {
  /// Any text.
  case string
  /// A whole number in decimal (`42`, `-3`); anything else is a usage error.
  case integer

  /// Whether `text` is acceptable for this kind.
  func accepts(_ text: String) -> Bool {
    switch self {
    case .string: return true
    case .integer: return Int(text) != nil
    }
  }
}
