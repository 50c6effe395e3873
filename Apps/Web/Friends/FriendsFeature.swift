import Models
import Navigator
import ViewModels
import WebUI

extension WebFeature {
  /// The friends list, a friend's details and the forms that add and edit one:
  /// `/friends`, `/friends/3`, `/friends/new`, `/friends/3/edit`.
  static var friends: WebFeature {
    WebFeature(
      entry: HomeEntry(scene: .friends, key: "f", summary: "list, add, edit and delete"),
      scenes: FriendsScene.self,
      path: { scene in
        switch scene {
        case .list: WebPath("friends")
        case .detail(let id): WebPath("friends", String(id))
        case .add: WebPath("friends", "new")
        case .edit(let id): WebPath("friends", String(id), "edit")
        }
      },
      scene: { segments in
        switch segments {
        case ["friends"]: .list
        case ["friends", "new"]: .add
        case let path where path.count == 2 && path[0] == "friends":
          Int(path[1]).map { .detail(id: $0) }
        case let path where path.count == 3 && path[0] == "friends" && path[2] == "edit":
          Int(path[1]).map { .edit(id: $0) }
        default: nil
        }
      }
    ) { scene, host in
      let kept = host.takeKeptState(FriendDraft.self, for: Scene(scene))
      return switch scene {
      case .list: FriendsListPage(host: host)
      case .detail(let id): FriendDetailPage(host: host, id: id)
      case .add: FriendFormPage(host: host, mode: .add, restoring: kept)
      case .edit(let id): FriendFormPage(host: host, mode: .edit(id: id), restoring: kept)
      }
    }
  }
}
