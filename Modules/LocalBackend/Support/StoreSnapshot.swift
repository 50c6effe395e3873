import Models
import Services

/// The contents of a store at one generation, as the app shows them.
public struct StoreSnapshot: Sendable, Hashable {
  /// The store file's write counter: each saved change adds one.
  public var generation: Int
  /// Whether someone is signed in, and as whom.
  public var accountStatus: AccountStatus
  /// The friends, sorted by last name, then first name (ignoring case and accents), then
  /// identifier.
  public var friends: [Friend]
  /// The posts, newest (largest identifier) first.
  public var posts: [Post]

  /// Creates a snapshot from its parts.
  public init(generation: Int, accountStatus: AccountStatus, friends: [Friend], posts: [Post]) {
    self.generation = generation
    self.accountStatus = accountStatus
    self.friends = friends
    self.posts = posts
  }
}

/// What changed in a store between two snapshots.
public struct StoreChanges: Sendable, Hashable {
  /// The contents after the change.
  public var snapshot: StoreSnapshot
  /// How the friends list changed, in the order of ``StoreSnapshot/friends``.
  public var friends: ChangeSet
  /// How the posts changed, in the order of ``StoreSnapshot/posts`` (newest first).
  public var posts: ChangeSet
  /// Whether the account status changed (someone signed in or out).
  public var accountChanged: Bool

  /// Creates a change report from its parts.
  public init(snapshot: StoreSnapshot, friends: ChangeSet, posts: ChangeSet, accountChanged: Bool) {
    self.snapshot = snapshot
    self.friends = friends
    self.posts = posts
    self.accountChanged = accountChanged
  }

  /// The changes that turn `old` into `new`.
  public static func between(_ old: StoreSnapshot, _ new: StoreSnapshot) -> StoreChanges {
    StoreChanges(
      snapshot: new,
      friends: ChangeSet.compute(old: old.friends, new: new.friends),
      posts: postChanges(old: old.posts, new: new.posts),
      accountChanged: old.accountStatus != new.accountStatus)
  }

  /// Posts of a store are sorted newest first with unique identifiers, which allows a
  /// single merge pass; other lists get the general algorithm.
  private static func postChanges(old: [Post], new: [Post]) -> ChangeSet {
    func descending(_ posts: [Post]) -> Bool {
      zip(posts, posts.dropFirst()).allSatisfy { $0.id > $1.id }
    }
    if descending(old), descending(new) {
      return ChangeSet.computeForDescendingIds(old: old, new: new)
    }
    return ChangeSet.compute(old: old, new: new)
  }
}
