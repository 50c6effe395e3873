import Foundation
import Models

extension LocalStore {
  /// All friends, sorted by last name, then first name.
  public func friends() throws(StoreError) -> [Friend] {
    try read { file in file.friends }
  }

  /// The friend with this identifier.
  ///
  /// - Throws: ``StoreError/notFound(_:)`` when there is none.
  public func friend(id: Int) throws(StoreError) -> Friend {
    try read { (file: StoreFile) throws(StoreError) in
      guard let friend = file.friends.first(where: { $0.id == id }) else {
        throw .notFound(id)
      }
      return friend
    }
  }

  /// Adds a friend, trimming surrounding spaces from each field.
  ///
  /// - Returns: The new friend, with the identifier the store gave it.
  /// - Throws: ``StoreError/invalidInput(_:)`` when a field breaks its rule (see
  ///   `FriendDraft.validation`); nothing changes.
  @discardableResult
  public func addFriend(_ draft: FriendDraft) throws(StoreError) -> Friend {
    let draft = try Self.validated(draft)
    return try modify { file in
      let friend = Friend(id: file.nextFriendId, draft: draft)
      return (.addFriend(friend), friend)
    }
  }

  /// Replaces the fields of the friend with `friend.id`, trimming surrounding spaces, and
  /// gives it the next revision.
  ///
  /// - Parameter overwriting: Whether to save even when `friend.revision` is not the stored
  ///   one; by default such a save is refused.
  /// - Returns: The friend as saved, with its new revision.
  /// - Throws: ``StoreError/notFound(_:)`` when there is no such friend,
  ///   ``StoreError/changedElsewhere(_:)`` when `friend.revision` is not the stored one,
  ///   ``StoreError/invalidInput(_:)`` when a field breaks its rule; nothing changes.
  @discardableResult
  public func updateFriend(_ friend: Friend, overwriting: Bool = false) throws(StoreError)
    -> Friend
  {
    let draft = try Self.validated(friend.draft)
    return try modify { (file: StoreFile) throws(StoreError) in
      guard let stored = file.friends.first(where: { $0.id == friend.id }) else {
        throw .notFound(friend.id)
      }
      guard overwriting || stored.revision == friend.revision else {
        throw .changedElsewhere(friend.id)
      }
      let saved = Friend(id: friend.id, draft: draft, revision: stored.revision + 1)
      return (.updateFriend(saved), saved)
    }
  }

  /// Removes the friend with this identifier. Identifiers are never given out again.
  ///
  /// - Throws: ``StoreError/notFound(_:)`` when there is no such friend.
  public func removeFriend(id: Int) throws(StoreError) {
    try modify { (file: StoreFile) throws(StoreError) in
      guard file.friends.contains(where: { $0.id == id }) else {
        throw .notFound(id)
      }
      return (.removeFriend(id: id), ())
    }
  }

  fileprivate static func validated(_ draft: FriendDraft) throws(StoreError) -> FriendDraft {
    let draft = draft.trimmed
    if case .invalid(let message) = draft.validation {
      throw .invalidInput(message)
    }
    return draft
  }
}
