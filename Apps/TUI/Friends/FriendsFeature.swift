import Models
import Navigator
import ViewModels

extension Feature {
  /// The friends list, a friend's details and the forms that add and edit one.
  static var friends: Feature {
    Feature(
      entry: HomeEntry(scene: .friends, key: "f", summary: "list, add, edit and delete"),
      scenes: FriendsScene.self
    ) { scene, host in
      // A form's draft, when the session expired while it showed.
      let kept = host.takeKeptState(FriendDraft.self, for: Scene(scene))
      return switch scene {
      case .list: FriendsListScreen(host: host)
      case .detail(let id): FriendDetailScreen(host: host, id: id)
      case .add: FriendFormScreen(host: host, mode: .add, restoring: kept)
      case .edit(let id): FriendFormScreen(host: host, mode: .edit(id: id), restoring: kept)
      }
    }
  }
}
