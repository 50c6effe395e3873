import AppAPI
import Foundation
import Models
import Services

extension HTTPClient {
  /// `GET /friends`: every friend, in the server's order (by last name, then first name).
  public func friends() async throws -> [Friend] {
    try await call(HTTPAPI.friends, expecting: [Friend].self, what: "a list of friends")
  }

  /// `GET /friends/{id}`: one friend.
  ///
  /// - Throws: ``ServiceError/notFound(id:)`` when there is no such friend.
  public func friend(id: Int) async throws -> Friend {
    try await call(
      HTTPAPI.friend, ["id": String(id)], context: .item(id), expecting: Friend.self,
      what: "a friend")
  }

  /// `POST /friends`: adds a friend.
  ///
  /// - Returns: The friend as saved, with the identifier the server gave it.
  /// - Throws: ``ServiceError/invalid(_:)`` when a field breaks its rule.
  public func addFriend(_ draft: FriendDraft) async throws -> Friend {
    try await call(
      HTTPAPI.addFriend, body: draft, expecting: Friend.self, what: "the saved friend")
  }

  /// `PUT /friends/{id}`: replaces the fields of the friend with `friend.id`.
  ///
  /// - Returns: The friend as saved, at its new revision.
  /// - Throws: ``ServiceError/notFound(id:)`` when there is no such friend,
  ///   ``ServiceError/changedElsewhere(id:)`` when `friend.revision` is not the stored one,
  ///   ``ServiceError/invalid(_:)`` when a field breaks its rule.
  public func updateFriend(_ friend: Friend) async throws -> Friend {
    try await call(
      HTTPAPI.updateFriend, ["id": String(friend.id)], body: HTTPAPI.FriendChange(friend),
      context: .item(friend.id),
      expecting: Friend.self, what: "the saved friend")
  }

  /// `DELETE /friends/{id}`: removes a friend.
  ///
  /// - Throws: ``ServiceError/notFound(id:)`` when there is no such friend.
  public func removeFriend(id: Int) async throws {
    try await call(HTTPAPI.removeFriend, ["id": String(id)], context: .item(id))
  }
}
