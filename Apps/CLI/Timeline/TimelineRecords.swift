import Foundation
import Models

// The shapes of `--json` output. Their field names are part of the command line's interface:
// scripts read them, so rename nothing here without a major version change.

/// A post: `{"authorId", "authorName", "date", "id", "text"}`, the date in ISO 8601.
struct PostRecord: Encodable, Equatable {
  var id: Int
  var authorId: Int
  var authorName: String
  var text: String
  var date: Date

  init(_ post: Post) {
    id = post.id
    authorId = post.authorId
    authorName = post.authorName
    text = post.text
    date = post.date
  }
}

/// A person who posts: `{"id", "name"}`.
struct PersonRecord: Encodable, Equatable {
  var id: Int
  var name: String

  init(_ person: Person) {
    id = person.id
    name = person.name
  }
}
