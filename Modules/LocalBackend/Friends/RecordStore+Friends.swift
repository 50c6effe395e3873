import Models
import Services

extension StoreSnapshot {
  /// The friends, sorted by last name, then first name (ignoring case and accents), then
  /// identifier.
  public var friends: [Friend] { records(Friend.self) }
}

extension StoreChanges {
  /// How the friends list changed, in the order of ``StoreSnapshot/friends``.
  public var friends: ChangeSet { changes(of: Friend.self) }
}
