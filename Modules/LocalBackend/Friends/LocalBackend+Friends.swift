import Foundation
import Models
import ReactiveCore
import Services

extension LocalBackend: FriendsService {
  /// All friends.
  public func friends() -> Single<[Friend]> {
    read("friends") { store in try store.friends() }
  }

  /// One friend.
  public func friend(id: Int) -> Single<Friend> {
    read("friend") { store in try store.friend(id: id) }
  }

  /// Adds a friend.
  public func add(_ draft: FriendDraft) -> Single<Friend> {
    write("add") { store in try store.addFriend(draft) }
  }

  /// Updates a friend; a stale revision fails with ``ServiceError/changedElsewhere(id:)``.
  public func update(_ friend: Friend) -> Single<Friend> {
    write("update") { store in try store.updateFriend(friend) }
  }

  /// Removes a friend.
  public func remove(id: Int) -> Completable {
    write("remove") { store in try store.removeFriend(id: id) }.asCompletable()
  }

  /// Emits after each change to the friends, here or in another process.
  public var friendsChanged: Observable<Void> {
    recordsChanged(Friend.self)
  }
}
