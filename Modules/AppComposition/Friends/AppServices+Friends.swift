import Models
import Services

extension AppServices {
  /// The friends list.
  public var friends: FriendsService { records(Friend.self) }
}
