import Models

extension HTTPAPI {
  /// `GET /friends`: every friend.
  public static let friends = Endpoint("GET", "/friends")
  /// `POST /friends`: adds a friend from a `FriendDraft`; answers 201 with the friend.
  public static let addFriend = Endpoint("POST", "/friends")
  /// `GET /friends/{id}`: one friend.
  public static let friend = Endpoint("GET", "/friends/{id}")
  /// `PUT /friends/{id}`: replaces a friend's fields with a ``FriendChange``; answers with
  /// the friend at its new revision, or 409 when the revision given is not the stored one.
  public static let updateFriend = Endpoint("PUT", "/friends/{id}")
  /// `DELETE /friends/{id}`: removes a friend; answers 204.
  public static let removeFriend = Endpoint("DELETE", "/friends/{id}")
}

extension HTTPAPI {
  /// The body of `PUT /friends/{id}`: the new fields and the revision they were edited from.
  public struct FriendChange: Codable, Hashable, Sendable {
    /// The given name.
    public var firstName: String
    /// The family name.
    public var lastName: String
    /// The phone number as typed.
    public var phoneNumber: String
    /// The revision the change was made from; the server refuses the change with 409 when
    /// the stored friend has another one. Without it, the change overwrites any revision.
    public var revision: Int?

    /// Creates the body from a friend's fields and revision.
    public init(_ friend: Friend) {
      self.init(draft: friend.draft, revision: friend.revision)
    }

    /// Creates the body from fields and, optionally, the revision they were edited from.
    public init(draft: FriendDraft, revision: Int?) {
      firstName = draft.firstName
      lastName = draft.lastName
      phoneNumber = draft.phoneNumber
      self.revision = revision
    }

    /// The fields, without the revision.
    public var draft: FriendDraft {
      FriendDraft(firstName: firstName, lastName: lastName, phoneNumber: phoneNumber)
    }
  }
}
