import Foundation
import Models
import ReactiveCore

/// A `PostCache` in memory: what a session fetched, newest first, with change sets.
public final class InMemoryPostCache: PostCache, @unchecked Sendable {
  // Writes are serialised by `lock`; the relay is thread-safe.
  private let lock = NSLock()
  private let snapshots: BehaviorRelay<CollectionSnapshot<Post>>

  /// Creates a cache holding `posts`.
  public init(posts: [Post] = []) {
    snapshots = BehaviorRelay(
      value: CollectionSnapshot(elements: posts.sorted { $0.id > $1.id }, changes: nil))
  }

  /// Stores `posts` at once when subscribed, replacing those with the same ids.
  public func save(_ posts: [Post]) -> Completable {
    Completable.create { [lock, snapshots] observer in
      lock.withLock {
        let old = snapshots.value.elements
        var byId = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        for post in posts { byId[post.id] = post }
        let new = byId.values.sorted { $0.id > $1.id }
        let changes = ChangeSet.compute(old: old, new: new)
        if !changes.isEmpty {
          snapshots.accept(CollectionSnapshot(elements: new, changes: changes))
        }
      }
      observer(.completed)
      return Disposables.create()
    }
  }

  /// The cached posts, then each change.
  ///
  /// Each subscriber's first value has no change set, even after saves: the changes of a save
  /// describe the list before it, which a new subscriber never had.
  public var contents: Observable<CollectionSnapshot<Post>> {
    snapshots.asObservable().enumerated().map { index, snapshot in
      index == 0 ? CollectionSnapshot(elements: snapshot.elements, changes: nil) : snapshot
    }
  }
}
