import Models

/// A screen of the app, with what it needs to be shown.
public enum Scene: Hashable, Sendable {
  /// Log in with email and password.
  case login
  /// Ask for a password reset email.
  case forgotPassword
  /// The features, where the user lands after logging in.
  case home
  // demo:begin
  /// The list of friends.
  case friends
  /// One friend's details.
  case friendDetail(id: Int)
  /// A form to add a friend.
  case addFriend
  /// A form to edit a friend.
  case editFriend(id: Int)
  /// Search friends as you type.
  case search
  /// The timeline of everyone's posts.
  case timeline
  /// The members whose posts make the timeline.
  case people
  /// One member's posts.
  case personTimeline(Person)
  /// One post, whole.
  case post(Post)
  // demo:end
  // Scripts/new-feature.sh adds new scenes above this line.

  /// Whether the scene can be shown while no one is logged in.
  public var isPublic: Bool {
    switch self {
    case .login, .forgotPassword: return true
    default: return false
    }
  }

  /// A short title, for headers and help. Each feature's scenes take theirs from the
  /// feature's file.
  public var title: String {
    switch self {
    case .login: return "Log in"
    case .forgotPassword: return "Forgot password"
    case .home: return "Home"
    // demo:begin
    case .friends, .friendDetail, .addFriend, .editFriend: return friendsTitle
    case .search: return "Search"
    case .timeline, .people, .personTimeline, .post: return timelineTitle
    // demo:end
    // Scripts/new-feature.sh adds the titles of new scenes above this line.
    }
  }
}
