import Cryptography
import Foundation
import Models

/// The Friends data the store keeps: the state of ``FriendsSchema``, whose documentation
/// describes its JSON text.
///
/// Friends are kept sorted as the app lists them and posts newest first, so loading needs
/// no sorting and change sets use the same order as the lists.
struct StoreFile: Equatable, Sendable {
  var account: Account
  var passwordHash: PasswordHash
  var loggedIn: Bool
  var friends: [Friend]
  var nextFriendId: Int
  var posts: [Post]
  var nextPostId: Int

  init(
    account: Account, passwordHash: PasswordHash, loggedIn: Bool, friends: [Friend],
    nextFriendId: Int,
    posts: [Post], nextPostId: Int
  ) {
    self.account = account
    self.passwordHash = passwordHash
    self.loggedIn = loggedIn
    self.friends = friends
    self.nextFriendId = nextFriendId
    self.posts = posts
    self.nextPostId = nextPostId
  }

  /// The data a new store starts with: the seed.
  init(seed: StoreSeed) {
    account = seed.account
    passwordHash = seed.passwordHash
    loggedIn = seed.loggedIn
    friends = seed.friends.enumerated().map { Friend(id: $0.offset + 1, draft: $0.element) }
    nextFriendId = friends.count + 1
    posts = seed.posts.map(\.storeRounded)
    nextPostId = (seed.posts.map(\.id).max() ?? 0) + 1
    normalize()
  }

  /// Whether someone is signed in, and as whom.
  var accountStatus: AccountStatus {
    loggedIn ? .authorized(account) : .unavailable
  }

  /// The contents as the app shows them, at `generation`.
  func snapshot(generation: Int) -> StoreSnapshot {
    StoreSnapshot(
      generation: generation,
      accountStatus: accountStatus,
      friends: friends, posts: posts)
  }

  /// Puts friends and posts in their canonical order and makes the next identifiers larger
  /// than every identifier in use. Cheap when the order is already right.
  mutating func normalize() {
    if !friends.isSorted(by: Self.friendOrder) {
      friends.sort(by: Self.friendOrder)
    }
    if !posts.isSorted(by: { $0.id > $1.id }) {
      posts.sort { $0.id > $1.id }
    }
    nextFriendId = max(nextFriendId, (friends.map(\.id).max() ?? 0) + 1)
    nextPostId = max(nextPostId, (posts.first?.id ?? 0) + 1)
  }

  /// The first reason the contents cannot be trusted, or `nil`.
  func inconsistency() -> String? {
    var friendIds = Set<Int>(minimumCapacity: friends.count)
    for friend in friends where !friendIds.insert(friend.id).inserted {
      return "two friends have the identifier \(friend.id)"
    }
    for (newer, older) in zip(posts, posts.dropFirst()) where newer.id == older.id {
      return "two posts have the identifier \(newer.id)"
    }
    return nil
  }
}

extension Array {
  /// Whether no element is ordered before the one preceding it.
  func isSorted(by areInIncreasingOrder: (Element, Element) -> Bool) -> Bool {
    zip(self, dropFirst()).allSatisfy { !areInIncreasingOrder($1, $0) }
  }
}
