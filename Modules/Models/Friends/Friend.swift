/// A person in the user's friends list.
public struct Friend: Sendable, Codable, Hashable, Identifiable {
  /// The identifier the store gave the friend; unique within a store and never reused.
  public var id: Int
  /// The given name.
  public var firstName: String
  /// The family name.
  public var lastName: String
  /// The phone number as the user typed it, for example `+1 (555) 010-4477`.
  public var phoneNumber: String

  /// Creates a friend from all of its fields.
  public init(id: Int, firstName: String, lastName: String, phoneNumber: String) {
    self.id = id
    self.firstName = firstName
    self.lastName = lastName
    self.phoneNumber = phoneNumber
  }

  /// Creates a friend with the given identifier from the fields of a draft.
  public init(id: Int, draft: FriendDraft) {
    self.init(
      id: id, firstName: draft.firstName, lastName: draft.lastName,
      phoneNumber: draft.phoneNumber)
  }

  /// The first and last name separated by a space, as a list shows it.
  public var fullName: String {
    "\(firstName) \(lastName)"
  }

  /// The editable fields of this friend, without its identifier.
  public var draft: FriendDraft {
    FriendDraft(firstName: firstName, lastName: lastName, phoneNumber: phoneNumber)
  }

  /// What every front says when no friend has `id`: one wording for a missing friend.
  public static func missingText(id: Int) -> String { "No friend has the id \(id)." }
}
