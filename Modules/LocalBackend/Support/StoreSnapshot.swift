import Models
import Services

/// The contents of a store at one generation, as the app shows them.
public struct StoreSnapshot: Sendable, Hashable {
  /// The store file's write counter: each saved change adds one.
  public var generation: Int
  /// Whether someone is signed in, and as whom.
  public var accountStatus: AccountStatus
  // demo:begin
  /// The friends, sorted by last name, then first name (ignoring case and accents), then
  /// identifier.
  public var friends: [Friend] = []
  /// The posts, newest (largest identifier) first.
  public var posts: [Post] = []
  // demo:end

  /// Creates a snapshot of the account's status; each feature's data starts empty.
  public init(generation: Int, accountStatus: AccountStatus) {
    self.generation = generation
    self.accountStatus = accountStatus
  }

  /// The contents of `file` at `generation`.
  init(_ file: StoreFile, generation: Int) {
    self.init(generation: generation, accountStatus: file.accountStatus)
    // demo:begin
    friends = file.friends
    posts = file.posts
    // demo:end
  }
}

/// What changed in a store between two snapshots.
public struct StoreChanges: Sendable, Hashable {
  /// The contents after the change.
  public var snapshot: StoreSnapshot
  /// Whether the account status changed (someone signed in or out).
  public var accountChanged: Bool
  // demo:begin
  /// How the friends list changed, in the order of ``StoreSnapshot/friends``.
  public var friends = ChangeSet.empty
  /// How the posts changed, in the order of ``StoreSnapshot/posts`` (newest first).
  public var posts = ChangeSet.empty
  // demo:end

  /// Creates a change report of the account; each feature's changes start empty.
  public init(snapshot: StoreSnapshot, accountChanged: Bool) {
    self.snapshot = snapshot
    self.accountChanged = accountChanged
  }

  private init(between old: StoreSnapshot, _ new: StoreSnapshot) {
    self.init(snapshot: new, accountChanged: old.accountStatus != new.accountStatus)
    // demo:begin
    friends = ChangeSet.compute(old: old.friends, new: new.friends)
    posts = Self.postChanges(old: old.posts, new: new.posts)
    // demo:end
  }

  /// The changes that turn `old` into `new`.
  public static func between(_ old: StoreSnapshot, _ new: StoreSnapshot) -> StoreChanges {
    StoreChanges(between: old, new)
  }
}
