import Foundation

/// One entry of the __phrase__ feature: its text and when it was added.
///
/// The store keeps it as it is written in JSON (its `Codable` form), and the HTTP API sends it
/// the same way: its fields are declared here only.
public struct __Feature__Item: Codable, Hashable, Sendable, Identifiable {
  /// The identifier the store gave it.
  public var id: Int
  /// The text, trimmed; see ``validate(_:)``.
  public var text: String
  /// When it was added.
  public var createdAt: Date

  /// Creates an entry.
  public init(id: Int, text: String, createdAt: Date) {
    self.id = id
    self.text = text
    self.createdAt = createdAt
  }

  /// The longest text, in characters.
  public static let maximumLength = 40

  /// Whether a text (already trimmed) can be an entry's, and if not, why.
  public static func validate(_ text: String) -> ValidationResult {
    if text.isEmpty { return .invalid("An entry cannot be empty.") }
    if text.count > maximumLength {
      return .invalid("An entry can have at most \(maximumLength) characters.")
    }
    return .valid
  }

  /// The text as an entry's: without spaces and line breaks at either end.
  public static func trimmed(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
