extension HTTPAPI {
  /// `GET /friends`: every friend.
  public static let friends = Endpoint("GET", "/friends")
  /// `POST /friends`: adds a friend from a `FriendDraft`; answers 201 with the friend.
  public static let addFriend = Endpoint("POST", "/friends")
  /// `GET /friends/{id}`: one friend.
  public static let friend = Endpoint("GET", "/friends/{id}")
  /// `PUT /friends/{id}`: replaces a friend's fields with a `FriendDraft`.
  public static let updateFriend = Endpoint("PUT", "/friends/{id}")
  /// `DELETE /friends/{id}`: removes a friend; answers 204.
  public static let removeFriend = Endpoint("DELETE", "/friends/{id}")
}
