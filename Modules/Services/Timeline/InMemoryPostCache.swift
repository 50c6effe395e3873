import Foundation
import Models
import ReactiveCore

/// A `PostCache` in memory: what a session fetched, newest first, with change sets.
///
/// A save stores the new list under a lock and sends it to the subscribers of `contents` after
/// releasing it, so a subscriber may save again from its handler. Subscribers receive the
/// snapshots in the order the saves stored them: a save made while another one's snapshot is
/// being sent (from a subscriber's handler, or on another thread) stores its list at once and
/// leaves its snapshot to the sender, which sends it next.
public final class InMemoryPostCache: PostCache, @unchecked Sendable {
  // `state` is guarded by `lock`; the relay is thread-safe and only `send` accepts into it.
  private let lock = NSLock()
  private var state: State
  private let snapshots: BehaviorRelay<CollectionSnapshot<Post>>

  /// The stored posts, and the snapshots stored but not sent yet.
  private struct State {
    var elements: [Post]
    var unsent: [CollectionSnapshot<Post>] = []
    var sending = false
  }

  /// Creates a cache holding `posts`.
  public init(posts: [Post] = []) {
    let sorted = posts.sorted { $0.id > $1.id }
    state = State(elements: sorted)
    snapshots = BehaviorRelay(value: CollectionSnapshot(elements: sorted, changes: nil))
  }

  /// Stores `posts` at once when subscribed, replacing those with the same ids.
  public func save(_ posts: [Post]) -> Completable {
    Completable.create { [self] observer in
      let sendsNow = lock.withLock {
        let old = state.elements
        var byId = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        for post in posts { byId[post.id] = post }
        let new = byId.values.sorted { $0.id > $1.id }
        let changes = ChangeSet.compute(old: old, new: new)
        guard !changes.isEmpty else { return false }
        state.elements = new
        state.unsent.append(CollectionSnapshot(elements: new, changes: changes))
        guard !state.sending else { return false }
        state.sending = true
        return true
      }
      if sendsNow { send() }
      observer(.completed)
      return Disposables.create()
    }
  }

  /// Sends the stored snapshots one by one, without the lock, until none is left.
  private func send() {
    while let next = lock.withLock({ () -> CollectionSnapshot<Post>? in
      if state.unsent.isEmpty {
        state.sending = false
        return nil
      }
      return state.unsent.removeFirst()
    }) {
      snapshots.accept(next)
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
