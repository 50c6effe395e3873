import Foundation

/// One message on the timeline.
///
/// Identifiers grow with time: a post written later has a larger `id`. Timeline paging
/// and ``TimelineCursor`` rely on that order.
public struct Post: Sendable, Codable, Hashable, Identifiable {
  /// The post's identifier, larger for newer posts.
  public var id: Int
  /// The identifier of the person who wrote the post.
  public var authorId: Int
  /// The name of the person who wrote the post.
  public var authorName: String
  /// The message.
  public var text: String
  /// When the post was written.
  public var date: Date

  /// Creates a post from all of its fields.
  public init(id: Int, authorId: Int, authorName: String, text: String, date: Date) {
    self.id = id
    self.authorId = authorId
    self.authorName = authorName
    self.text = text
    self.date = date
  }

  /// Creates a post written by `author`.
  public init(id: Int, author: Person, text: String, date: Date) {
    self.init(id: id, authorId: author.id, authorName: author.name, text: text, date: date)
  }

  /// The person who wrote the post.
  public var author: Person {
    Person(id: authorId, name: authorName)
  }
}
