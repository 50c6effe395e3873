/// A member who writes posts on the timeline.
public struct Person: Sendable, Codable, Hashable, Identifiable {
  /// The member's identifier.
  public var id: Int
  /// The member's name as shown next to their posts.
  public var name: String

  /// Creates a person from an identifier and a name.
  public init(id: Int, name: String) {
    self.id = id
    self.name = name
  }
}
