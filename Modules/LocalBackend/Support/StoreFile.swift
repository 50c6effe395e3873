import Cryptography
import Foundation
import Models

/// The data the store keeps: the state of ``FriendsSchema``, whose documentation describes
/// its JSON text. The account is the app's; each feature adds its own data.
///
/// Friends are kept sorted as the app lists them and posts newest first, so loading needs
/// no sorting and change sets use the same order as the lists.
struct StoreFile: Equatable, Sendable {
  var account: Account
  var passwordHash: PasswordHash
  var loggedIn: Bool
  // demo:begin
  var friends: [Friend] = []
  var nextFriendId = 1
  var posts: [Post] = []
  var nextPostId = 1
  // demo:end

  /// Whether someone is signed in, and as whom.
  var accountStatus: AccountStatus {
    loggedIn ? .authorized(account) : .unavailable
  }

  /// The contents as the app shows them, at `generation`.
  func snapshot(generation: Int) -> StoreSnapshot {
    StoreSnapshot(self, generation: generation)
  }

  /// Puts each feature's data in its canonical order, with next identifiers larger than
  /// every identifier in use. Cheap when the order is already right.
  mutating func normalize() {
    // demo:begin
    if !friends.isSorted(by: Self.friendOrder) {
      friends.sort(by: Self.friendOrder)
    }
    if !posts.isSorted(by: { $0.id > $1.id }) {
      posts.sort { $0.id > $1.id }
    }
    nextFriendId = max(nextFriendId, (friends.map(\.id).max() ?? 0) + 1)
    nextPostId = max(nextPostId, (posts.first?.id ?? 0) + 1)
    // demo:end
  }

  /// The first reason the contents cannot be trusted, or `nil`.
  func inconsistency() -> String? {
    // demo:begin
    var friendIds = Set<Int>(minimumCapacity: friends.count)
    for friend in friends where !friendIds.insert(friend.id).inserted {
      return "two friends have the identifier \(friend.id)"
    }
    for (newer, older) in zip(posts, posts.dropFirst()) where newer.id == older.id {
      return "two posts have the identifier \(newer.id)"
    }
    // demo:end
    return nil
  }
}

extension StoreFile {
  /// The data a new store starts with: the seed.
  init(seed: StoreSeed) {
    account = seed.account
    passwordHash = seed.passwordHash
    loggedIn = seed.loggedIn
    // demo:begin
    friends = seed.friends.enumerated().map { Friend(id: $0.offset + 1, draft: $0.element) }
    nextFriendId = friends.count + 1
    posts = seed.posts.map(\.storeRounded)
    nextPostId = (seed.posts.map(\.id).max() ?? 0) + 1
    // demo:end
    normalize()
  }
}

extension Array {
  /// Whether no element is ordered before the one preceding it.
  func isSorted(by areInIncreasingOrder: (Element, Element) -> Bool) -> Bool {
    zip(self, dropFirst()).allSatisfy { !areInIncreasingOrder($1, $0) }
  }
}
