import Foundation
import Models
import Store

// How a post is written in the store's snapshot and journal. The snapshot has
// `"nextPostId": 101` and the posts, newest first, one a line:
//
//   "posts": [
//     {"id": 100, "authorId": 3, "authorName": "Hanna Virtanen", "date": "2024-03-04T10:15:00Z", "text": "…"}
//   ]
//
// Their change is `{"type": "savePosts", "posts": [{…}, …]}`.
extension FriendsSchema {
  /// The fields of a post, in the order they are written.
  fileprivate enum PostField: Int, CaseIterable { case id, authorId, authorName, date, text }
  fileprivate static let postFields = JSONReader.FieldNames(PostField.allCases.map { "\($0)" })

  static func write(_ post: Post, to writer: inout JSONWriter) {
    writer.raw("{")
    writer.key("id")
    writer.int(post.id)
    writer.raw(", ")
    writer.key("authorId")
    writer.int(post.authorId)
    writer.raw(", ")
    writer.key("authorName")
    writer.string(post.authorName)
    writer.raw(", ")
    writer.key("date")
    Timestamp.write(post.date, to: &writer)
    writer.raw(", ")
    writer.key("text")
    writer.string(post.text)
    writer.raw("}")
  }

  static func readPost(_ place: Place, _ reader: inout JSONReader) throws -> Post {
    try reader.object(asWritten: readPostAsWritten) { reader in
      try readPostInAnyForm(place, &reader)
    }
  }

  /// A post's fields exactly as ``write(_:to:)`` writes them, or `nil` for any other form.
  static func readPostAsWritten(_ reader: inout JSONReader) -> Post? {
    var date: Date?
    guard reader.skip(exactly: "\"id\": "), let id = try? reader.int(),
      reader.skip(exactly: ", \"authorId\": "), let authorId = try? reader.int(),
      reader.skip(exactly: ", \"authorName\": "), let authorName = try? reader.string(),
      reader.skip(exactly: ", \"date\": "),
      (try? reader.string(
        parsedBy: { utf8 in
          date = Timestamp.parse(utf8: utf8)
          return date != nil
        }, orFail: "")) != nil,
      let date,
      reader.skip(exactly: ", \"text\": "), let text = try? reader.string()
    else { return nil }
    return Post(id: id, authorId: authorId, authorName: authorName, text: text, date: date)
  }

  /// A post's fields in any order, with any white space and unknown fields, naming what is
  /// wrong.
  private static func readPostInAnyForm(_ place: Place, _ reader: inout JSONReader) throws
    -> Post
  {
    var id: Int?
    var authorId: Int?
    var authorName: String?
    var date: Date?
    var text: String?
    try readFields(postFields, place, &reader) { (field: PostField, reader) in
      switch field {
      case .id: id = try reader.int()
      case .authorId: authorId = try reader.int()
      case .authorName: authorName = try reader.string()
      case .text: text = try reader.string()
      case .date:
        try reader.string(
          parsedBy: { utf8 in
            date = Timestamp.parse(utf8: utf8)
            return date != nil
          }, orFail: "expected a date such as 2024-03-01T08:00:00Z")
      }
    }
    return Post(
      id: try required(id, "\(place).id"),
      authorId: try required(authorId, "\(place).authorId"),
      authorName: try required(authorName, "\(place).authorName"),
      text: try required(text, "\(place).text"),
      date: try required(date, "\(place).date"))
  }
}

extension Post {
  /// The post with its date at the nearest millisecond, as the store keeps it.
  var storeRounded: Post {
    var post = self
    post.date = Timestamp.rounded(date)
    return post
  }
}
