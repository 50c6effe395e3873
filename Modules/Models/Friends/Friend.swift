import Foundation

/// A person in the user's friends list: the records of the collection `friends`.
public struct Friend: CollectionRecord {
  /// `friends`.
  public static let collectionName = "friends"

  /// The identifier the store gave the friend; unique within a store and never reused.
  public var id: Int
  /// The given name.
  public var firstName: String
  /// The family name.
  public var lastName: String
  /// The phone number as the user typed it, for example `+1 (555) 010-4477`.
  public var phoneNumber: String
  /// How many times the friend was written: 1 when added, one more at each change. A change
  /// made from an older revision than the stored one is refused, so that a form never
  /// overwrites a change made meanwhile elsewhere without saying so.
  public var revision: Int

  /// Creates a friend from all of its fields.
  public init(
    id: Int, firstName: String, lastName: String, phoneNumber: String,
    revision: Int = Friend.firstRevision
  ) {
    self.id = id
    self.firstName = firstName
    self.lastName = lastName
    self.phoneNumber = phoneNumber
    self.revision = revision
  }

  /// Creates a friend with the given identifier from the fields of a draft.
  public init(id: Int, draft: FriendDraft, revision: Int = Friend.firstRevision) {
    self.init(
      id: id, firstName: draft.firstName, lastName: draft.lastName,
      phoneNumber: draft.phoneNumber, revision: revision)
  }

  /// Creates a friend from the fields of a draft; a friend keeps no date, so `createdAt` is
  /// not kept.
  public init(id: Int, draft: FriendDraft, revision: Int, createdAt: Date) {
    self.init(id: id, draft: draft, revision: revision)
  }

  private enum CodingKeys: String, CodingKey {
    case id, firstName, lastName, phoneNumber, revision
  }

  /// Decodes a friend; one without `revision` (written before friends had revisions) is at
  /// ``firstRevision``.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(Int.self, forKey: .id),
      firstName: try container.decode(String.self, forKey: .firstName),
      lastName: try container.decode(String.self, forKey: .lastName),
      phoneNumber: try container.decode(String.self, forKey: .phoneNumber),
      revision: try container.decodeIfPresent(Int.self, forKey: .revision)
        ?? Friend.firstRevision)
  }

  /// The first and last name separated by a space, as a list shows it.
  public var fullName: String {
    "\(firstName) \(lastName)"
  }

  /// The editable fields of this friend, without its identifier.
  public var draft: FriendDraft {
    FriendDraft(firstName: firstName, lastName: lastName, phoneNumber: phoneNumber)
  }

  /// What every front says when a save is refused because the friend changed since the form
  /// loaded it: "Ada Lovelace was changed elsewhere", with the name as loaded.
  public static func changedElsewhereText(name: String) -> String {
    "\(name) was changed elsewhere"
  }
}
