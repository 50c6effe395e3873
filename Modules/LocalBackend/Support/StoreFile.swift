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

  /// Inserts `friend` at its place in the sorted list.
  mutating func insertSorted(_ friend: Friend) {
    // The first friend ordered after the new one, by binary search: a few comparisons even
    // for long lists.
    var low = friends.startIndex
    var high = friends.endIndex
    while low < high {
      let middle = (low + high) / 2
      if Self.friendOrder(friend, friends[middle]) { high = middle } else { low = middle + 1 }
    }
    friends.insert(friend, at: low)
  }

  /// The list order of friends: last name, first name (ignoring case and accents), then
  /// the exact names and the identifier so that the order is total.
  static func friendOrder(_ a: Friend, _ b: Friend) -> Bool {
    let byLastName = foldedOrder(a.lastName, b.lastName)
    if byLastName != .orderedSame { return byLastName == .orderedAscending }
    let byFirstName = foldedOrder(a.firstName, b.firstName)
    if byFirstName != .orderedSame { return byFirstName == .orderedAscending }
    if a.lastName != b.lastName { return a.lastName < b.lastName }
    if a.firstName != b.firstName { return a.firstName < b.firstName }
    return a.id < b.id
  }
}

/// The order of two names ignoring case and accents. Names in plain ASCII (most of them) are
/// compared byte by byte with their letters in lower case, which gives the same order as
/// Foundation's comparison many times faster; others go through Foundation.
private func foldedOrder(_ a: String, _ b: String) -> ComparisonResult {
  var a = a
  var b = b
  let fast: ComparisonResult? = a.withUTF8 { left in
    b.withUTF8 { right in
      guard !left.contains(where: { $0 >= 0x80 }), !right.contains(where: { $0 >= 0x80 }) else {
        return nil
      }
      func lower(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
      }
      for (x, y) in zip(left, right) where lower(x) != lower(y) {
        return lower(x) < lower(y) ? .orderedAscending : .orderedDescending
      }
      if left.count == right.count { return .orderedSame }
      return left.count < right.count ? .orderedAscending : .orderedDescending
    }
  }
  if let fast { return fast }
  return a.compare(b, options: [.caseInsensitive, .diacriticInsensitive])
}

extension Array {
  /// Whether no element is ordered before the one preceding it.
  fileprivate func isSorted(by areInIncreasingOrder: (Element, Element) -> Bool) -> Bool {
    zip(self, dropFirst()).allSatisfy { !areInIncreasingOrder($1, $0) }
  }
}
