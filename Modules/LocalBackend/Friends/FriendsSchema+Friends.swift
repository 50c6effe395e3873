import Foundation
import Models
import Store

// How a friend is written in the store's snapshot and journal. The snapshot has
// `"nextFriendId": 21` and the friends, one a line:
//
//   "friends": [
//     {"id": 17, "firstName": "Samuel", "lastName": "Adeyemi", "phoneNumber": "+234 803 555 0917", "revision": 2}
//   ]
//
// Their changes are `{"type": "addFriend", "friend": {…}}`, `updateFriend` (with `friend`)
// and `removeFriend` (with `id`). Every field is required except `revision` (how many times
// the friend was written; files from before revisions lack it), which reads as 1 when absent.
extension FriendsSchema {
  /// The fields of a friend, in the order they are written.
  fileprivate enum FriendField: Int, CaseIterable {
    case id, firstName, lastName, phoneNumber, revision
  }
  fileprivate static let friendFields = JSONReader.FieldNames(FriendField.allCases.map { "\($0)" })

  static func write(_ friend: Friend, to writer: inout JSONWriter) {
    writer.raw("{")
    writer.key("id")
    writer.int(friend.id)
    writer.raw(", ")
    writer.key("firstName")
    writer.string(friend.firstName)
    writer.raw(", ")
    writer.key("lastName")
    writer.string(friend.lastName)
    writer.raw(", ")
    writer.key("phoneNumber")
    writer.string(friend.phoneNumber)
    writer.raw(", ")
    writer.key("revision")
    writer.int(friend.revision)
    writer.raw("}")
  }

  static func readFriend(_ place: Place, _ reader: inout JSONReader) throws -> Friend {
    try reader.object(asWritten: readFriendAsWritten) { reader in
      try readFriendInAnyForm(place, &reader)
    }
  }

  /// A friend's fields exactly as ``write(_:to:)`` writes them, or `nil` for any other form.
  static func readFriendAsWritten(_ reader: inout JSONReader) -> Friend? {
    guard reader.skip(exactly: "\"id\": "), let id = try? reader.int(),
      reader.skip(exactly: ", \"firstName\": "), let firstName = try? reader.string(),
      reader.skip(exactly: ", \"lastName\": "), let lastName = try? reader.string(),
      reader.skip(exactly: ", \"phoneNumber\": "), let phoneNumber = try? reader.string(),
      reader.skip(exactly: ", \"revision\": "), let revision = try? reader.int()
    else { return nil }
    return Friend(
      id: id, firstName: firstName, lastName: lastName, phoneNumber: phoneNumber,
      revision: revision)
  }

  /// A friend's fields in any order, with any white space and unknown fields, naming what is
  /// wrong.
  private static func readFriendInAnyForm(_ place: Place, _ reader: inout JSONReader) throws
    -> Friend
  {
    var id: Int?
    var firstName: String?
    var lastName: String?
    var phoneNumber: String?
    var revision: Int?
    try readFields(friendFields, place, &reader) { (field: FriendField, reader) in
      switch field {
      case .id: id = try reader.int()
      case .firstName: firstName = try reader.string()
      case .lastName: lastName = try reader.string()
      case .phoneNumber: phoneNumber = try reader.string()
      case .revision: revision = try reader.int()
      }
    }
    return Friend(
      id: try required(id, "\(place).id"),
      firstName: try required(firstName, "\(place).firstName"),
      lastName: try required(lastName, "\(place).lastName"),
      phoneNumber: try required(phoneNumber, "\(place).phoneNumber"),
      // Written before friends had revisions: the first one.
      revision: revision ?? Friend.firstRevision)
  }
}
