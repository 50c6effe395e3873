import Foundation
import Models
import ViewModels

// The shapes of `--json` output. Their field names are part of the command line's interface:
// scripts read them, so rename nothing here without a major version change.

/// A friend: `{"firstName", "id", "lastName", "phoneNumber"}`.
struct FriendRecord: Encodable, Equatable {
  var id: Int
  var firstName: String
  var lastName: String
  var phoneNumber: String

  init(_ friend: Friend) {
    id = friend.id
    firstName = friend.firstName
    lastName = friend.lastName
    phoneNumber = friend.phoneNumber
  }
}

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

/// Who is logged in: `{"loggedIn": false}`, or with the account's `displayName` and, when
/// known, its `email`.
struct SessionRecord: Encodable, Equatable {
  var loggedIn: Bool
  var displayName: String?
  var email: String?
}

/// The results of one search: `{"query", "results", "searched"}`; `searched` is `false` for a
/// query too short to be searched.
struct SearchRecord: Encodable, Equatable {
  var query: String
  var searched: Bool
  var results: [FriendRecord]

  init(_ results: SearchViewModel.Results) {
    query = results.query
    searched = results.wasSearched
    self.results = results.friends.map(FriendRecord.init)
  }
}

/// A removed friend: `{"removed": {…}}`.
struct RemovedRecord: Encodable, Equatable {
  var removed: FriendRecord
}

/// A password reset request that was sent: `{"email", "message"}`.
struct ResetRecord: Encodable, Equatable {
  var email: String
  var message: String
}
