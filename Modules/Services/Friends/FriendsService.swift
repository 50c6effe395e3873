import Models
import ReactiveCore

/// The friends list and its changes.
///
/// Calls fail with a ``ServiceError`` whatever the backend: ``ServiceError/notFound(id:)``,
/// ``ServiceError/changedElsewhere(id:)``, ``ServiceError/invalid(_:)`` for a refused
/// field, ``ServiceError/storage(_:)`` when local data cannot be read or written, and the
/// network's errors over HTTP.
public protocol FriendsService: AnyObject {
  /// All friends, sorted by last name, then first name.
  func friends() -> Single<[Friend]>
  /// One friend; fails with ``ServiceError/notFound(id:)`` for an unknown id.
  func friend(id: Int) -> Single<Friend>
  /// Adds a friend and returns it with its new id.
  func add(_ draft: FriendDraft) -> Single<Friend>
  /// Replaces the fields of the friend with the same id and returns it at its next revision.
  /// Fails with ``ServiceError/changedElsewhere(id:)`` and writes nothing when `friend.revision`
  /// (the revision the change was made from) is not the stored one.
  func update(_ friend: Friend) -> Single<Friend>
  /// Removes the friend with `id`.
  func remove(id: Int) -> Completable
  /// A signal each time the friends change, including by another process.
  var friendsChanged: Observable<Void> { get }
}
