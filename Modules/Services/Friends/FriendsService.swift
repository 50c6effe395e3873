import Models
import ReactiveCore

/// The friends list and its changes.
public protocol FriendsService: AnyObject {
  /// All friends, sorted by last name, then first name.
  func friends() -> Single<[Friend]>
  /// One friend; fails for an unknown id (`StoreError.notFound` from the embedded store,
  /// `ServiceError.notFound` over HTTP).
  func friend(id: Int) -> Single<Friend>
  /// Adds a friend and returns it with its new id.
  func add(_ draft: FriendDraft) -> Single<Friend>
  /// Replaces the fields of the friend with the same id and returns it at its next revision.
  /// Fails with `ServiceError.changedElsewhere` and writes nothing when `friend.revision`
  /// (the revision the change was made from) is not the stored one.
  func update(_ friend: Friend) -> Single<Friend>
  /// Removes the friend with `id`.
  func remove(id: Int) -> Completable
  /// A signal each time the friends change, including by another process.
  var friendsChanged: Observable<Void> { get }
}
