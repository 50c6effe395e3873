import Models

extension Scene {
  /// The title of one of the friends feature's scenes.
  var friendsTitle: String {
    switch self {
    case .friendDetail: return "Friend"
    case .addFriend: return "Add friend"
    case .editFriend: return "Edit friend"
    default: return "Friends"
    }
  }

  /// Why the scene cannot be shown, for a friends scene with an id no friend can have.
  var friendsRefusal: NavigationRefusal? {
    switch self {
    case .friendDetail(let id), .editFriend(let id):
      return id > 0 ? nil : .invalidIdentifier(id)
    default:
      return nil
    }
  }
}
