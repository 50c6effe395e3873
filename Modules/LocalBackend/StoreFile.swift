import Foundation
import Models

/// The contents of `store.json`; ``StoreFileFormat`` describes the JSON text.
///
/// Friends are kept sorted as the app lists them and posts newest first, so loading needs
/// no sorting and change sets use the same order as the lists.
struct StoreFile: Equatable, Sendable {
  static let currentSchemaVersion = 1

  var schemaVersion: Int
  var generation: Int
  var account: Account
  var password: String
  var loggedIn: Bool
  var friends: [Friend]
  var nextFriendId: Int
  var posts: [Post]
  var nextPostId: Int

  init(
    schemaVersion: Int, generation: Int, account: Account, password: String, loggedIn: Bool,
    friends: [Friend], nextFriendId: Int, posts: [Post], nextPostId: Int
  ) {
    self.schemaVersion = schemaVersion
    self.generation = generation
    self.account = account
    self.password = password
    self.loggedIn = loggedIn
    self.friends = friends
    self.nextFriendId = nextFriendId
    self.posts = posts
    self.nextPostId = nextPostId
  }

  /// The file a new store writes: the seed, at generation 0 (the first write makes it 1).
  init(seed: StoreSeed) {
    schemaVersion = Self.currentSchemaVersion
    generation = 0
    account = seed.account
    password = seed.password
    loggedIn = seed.loggedIn
    friends = seed.friends.enumerated().map { Friend(id: $0.offset + 1, draft: $0.element) }
    nextFriendId = friends.count + 1
    posts = seed.posts.map(\.storeRounded)
    nextPostId = (seed.posts.map(\.id).max() ?? 0) + 1
    normalize()
  }

  var snapshot: StoreSnapshot {
    StoreSnapshot(
      generation: generation,
      accountStatus: loggedIn ? .authorized(account) : .unavailable,
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
    let index = friends.firstIndex { Self.friendOrder(friend, $0) } ?? friends.endIndex
    friends.insert(friend, at: index)
  }

  /// The list order of friends: last name, first name (ignoring case and accents), then
  /// the exact names and the identifier so that the order is total.
  static func friendOrder(_ a: Friend, _ b: Friend) -> Bool {
    let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
    let byLastName = a.lastName.compare(b.lastName, options: options)
    if byLastName != .orderedSame { return byLastName == .orderedAscending }
    let byFirstName = a.firstName.compare(b.firstName, options: options)
    if byFirstName != .orderedSame { return byFirstName == .orderedAscending }
    if a.lastName != b.lastName { return a.lastName < b.lastName }
    if a.firstName != b.firstName { return a.firstName < b.firstName }
    return a.id < b.id
  }
}

extension Array {
  /// Whether no element is ordered before the one preceding it.
  fileprivate func isSorted(by areInIncreasingOrder: (Element, Element) -> Bool) -> Bool {
    zip(self, dropFirst()).allSatisfy { !areInIncreasingOrder($1, $0) }
  }
}
