import Models
import Navigator

/// The friends feature's screens.
public enum FriendsScene: FeatureScene {
  /// The list of friends.
  case list
  /// One friend's details.
  case detail(id: Int)
  /// A form to add a friend.
  case add
  /// A form to edit a friend.
  case edit(id: Int)

  /// A short title, for headers and help.
  public var title: String {
    switch self {
    case .list: "Friends"
    case .detail: "Friend"
    case .add: "Add friend"
    case .edit: "Edit friend"
    }
  }

  /// A friend's scene with an id no friend can have (zero or negative) is refused.
  public var refusal: NavigationRefusal? {
    switch self {
    case .detail(let id), .edit(let id):
      id > 0 ? nil : NavigationRefusal(FriendsRefusal.invalidIdentifier(id))
    case .list, .add:
      nil
    }
  }
}

/// Why the friends feature refuses a scene.
public enum FriendsRefusal: FeatureRefusal {
  /// A friend's id that no friend can have (zero or negative).
  case invalidIdentifier(Int)

  /// A sentence for the user.
  public var description: String {
    switch self {
    case .invalidIdentifier(let id): Friend.missingText(id: id)
    }
  }
}

/// Where the friends feature's screens lead outside the feature, in its own words: which
/// scene answers (if any), the app's links decide.
public enum FriendsOutward: OutwardRoute {
  /// Find a friend by name.
  case find
  /// What the friends have been up to.
  case activity

  /// The request, as a refusal names it.
  public var description: String {
    switch self {
    case .find: "finding a friend"
    case .activity: "the friends' activity"
    }
  }
}

/// What a friend's form hands back to the scene it returns to: the friend it saved, for the
/// list to select.
public struct FriendSaved: Hashable, Sendable {
  /// The saved friend's id.
  public var id: Int

  /// Names the saved friend.
  public init(id: Int) {
    self.id = id
  }
}

extension Scene {
  /// The list of friends.
  public static var friends: Scene { Scene(FriendsScene.list) }
  /// One friend's details.
  public static func friendDetail(id: Int) -> Scene { Scene(FriendsScene.detail(id: id)) }
  /// A form to add a friend.
  public static var addFriend: Scene { Scene(FriendsScene.add) }
  /// A form to edit a friend.
  public static func editFriend(id: Int) -> Scene { Scene(FriendsScene.edit(id: id)) }
}

extension NavigationRefusal {
  /// A friend's id that no friend can have (zero or negative).
  public static func invalidIdentifier(_ id: Int) -> NavigationRefusal {
    NavigationRefusal(FriendsRefusal.invalidIdentifier(id))
  }
}
