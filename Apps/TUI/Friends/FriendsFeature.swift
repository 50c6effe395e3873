import ViewModels

extension Feature {
  /// The friends list, a friend's details and the forms that add and edit one.
  static var friends: Feature {
    Feature(entry: HomeEntry(scene: .friends, key: "f", summary: "list, add, edit and delete")) {
      scene, host in
      switch scene {
      case .friends: FriendsListScreen(host: host)
      case .friendDetail(let id): FriendDetailScreen(host: host, id: id)
      case .addFriend: FriendFormScreen(host: host, mode: .add)
      case .editFriend(let id): FriendFormScreen(host: host, mode: .edit(id: id))
      default: nil
      }
    }
  }
}
