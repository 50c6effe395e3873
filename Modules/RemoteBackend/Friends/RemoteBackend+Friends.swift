import Foundation
import Models
import ReactiveCore
import Services

extension RemoteBackend: FriendsService {
  /// All friends.
  public func friends() -> Single<[Friend]> { call { client in try await client.friends() } }

  /// One friend.
  public func friend(id: Int) -> Single<Friend> {
    call { client in try await client.friend(id: id) }
  }

  /// Adds a friend.
  public func add(_ draft: FriendDraft) -> Single<Friend> {
    write { client in try await client.addFriend(draft) }
  }

  /// Updates a friend.
  public func update(_ friend: Friend) -> Single<Friend> {
    write { client in try await client.updateFriend(friend) }
  }

  /// Removes a friend.
  public func remove(id: Int) -> Completable {
    write { client in try await client.removeFriend(id: id) }.asCompletable()
  }

  /// Emits when a read of the friends differs from the one before: at each poll, and after
  /// each write made through this backend. The first read is the baseline and is not a
  /// change, unless a write made through this backend since subscribing came first (that
  /// write cancels the baseline read, and its change must not be lost).
  public var friendsChanged: Observable<Void> {
    polled { client in try await client.friends() }.enumerated()
      .filter { $0.index > 0 || $0.element.followsWrite }
      .map { _ in () }
  }
}
