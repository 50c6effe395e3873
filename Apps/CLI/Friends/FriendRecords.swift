import Models

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

/// A removed friend: `{"removed": {…}}`.
struct RemovedRecord: Encodable, Equatable {
  var removed: FriendRecord
}
