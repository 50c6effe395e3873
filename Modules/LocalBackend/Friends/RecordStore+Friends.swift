import Foundation
import Models
import Services

extension RecordStore {
  /// All friends, sorted by last name, then first name.
  public func friends() throws(StoreError) -> [Friend] {
    try records(Friend.self)
  }

  /// The friend with this identifier.
  ///
  /// - Throws: ``StoreError/notFound(_:record:)`` when there is none.
  public func friend(id: Int) throws(StoreError) -> Friend {
    try record(Friend.self, id: id)
  }

  /// Adds a friend, trimming surrounding spaces from each field.
  ///
  /// - Returns: The new friend, with the identifier the store gave it.
  /// - Throws: ``StoreError/invalidInput(_:)`` when a field breaks its rule (see
  ///   `FriendDraft.validation`); nothing changes.
  @discardableResult
  public func addFriend(_ draft: FriendDraft) throws(StoreError) -> Friend {
    let draft = try Self.validated(draft)
    return try add { id in Friend(id: id, draft: draft) }
  }

  /// Replaces the fields of the friend with `friend.id`, trimming surrounding spaces, and
  /// gives it the next revision.
  ///
  /// - Parameter overwriting: Whether to save even when `friend.revision` is not the stored
  ///   one; by default such a save is refused.
  /// - Returns: The friend as saved, with its new revision.
  /// - Throws: ``StoreError/notFound(_:record:)`` when there is no such friend,
  ///   ``StoreError/changedElsewhere(_:record:)`` when `friend.revision` is not the stored
  ///   one, ``StoreError/invalidInput(_:)`` when a field breaks its rule; nothing changes.
  @discardableResult
  public func updateFriend(_ friend: Friend, overwriting: Bool = false) throws(StoreError)
    -> Friend
  {
    let draft = try Self.validated(friend.draft)
    return try update(Friend.self, id: friend.id) { (stored: Friend) throws(StoreError) in
      guard overwriting || stored.revision == friend.revision else {
        throw .changedElsewhere(friend.id, record: "friend")
      }
      return Friend(id: friend.id, draft: draft, revision: stored.revision + 1)
    }
  }

  /// Removes the friend with this identifier. Identifiers are never given out again.
  ///
  /// - Throws: ``StoreError/notFound(_:record:)`` when there is no such friend.
  public func removeFriend(id: Int) throws(StoreError) {
    try remove(Friend.self, id: id)
  }

  fileprivate static func validated(_ draft: FriendDraft) throws(StoreError) -> FriendDraft {
    let draft = draft.trimmed
    if case .invalid(let message) = draft.validation {
      throw .invalidInput(message)
    }
    return draft
  }
}

extension StoreSnapshot {
  /// The friends, sorted by last name, then first name (ignoring case and accents), then
  /// identifier.
  public var friends: [Friend] { records(Friend.self) }
}

extension StoreChanges {
  /// How the friends list changed, in the order of ``StoreSnapshot/friends``.
  public var friends: ChangeSet { changes(of: Friend.self) }
}
