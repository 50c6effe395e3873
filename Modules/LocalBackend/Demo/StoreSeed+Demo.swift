import Cryptography
import Foundation
import Models

// The demo's friends and posts in the seed.
extension StoreSeed {
  /// Creates a seed from its parts: the friends are given identifiers 1, 2, 3… in this
  /// order; the posts' identifiers must be unique.
  public init(
    account: Account, passwordHash: PasswordHash, loggedIn: Bool, friends: [FriendDraft],
    posts: [Post]
  ) {
    self.init(account: account, passwordHash: passwordHash, loggedIn: loggedIn)
    setRecords(friends.enumerated().map { Friend(id: $0.offset + 1, draft: $0.element) })
    setRecords(posts)
  }

  /// The demo account with `friendCount` friends and `postCount` posts (identifiers 1
  /// through `postCount`), for example to measure the store with many posts.
  public static func demo(friendCount: Int, postCount: Int) -> StoreSeed {
    empty.withDemoData(friendCount: friendCount, postCount: postCount)
  }

  /// This seed with `friendCount` demo friends and `postCount` demo posts (identifiers 1
  /// through `postCount`) in place of its own.
  public func withDemoData(friendCount: Int, postCount: Int) -> StoreSeed {
    var seed = self
    seed.setRecords(DemoData.seedFriends(count: friendCount))
    seed.setRecords(DemoData.seedPosts(count: postCount))
    return seed
  }

  /// The six people who write the demo posts.
  public static let demoAuthors = DemoData.authors

  /// The demo post with this identifier: its author and text follow from the identifier
  /// alone, so the same identifier always gives the same post.
  public static func demoPost(id: Int, date: Date) -> Post {
    DemoData.post(id: id, date: date)
  }
}

extension DemoData {
  /// The friends a new data directory starts with: 20, with identifiers 1 through 20.
  @Sendable static func seedFriends() -> [Friend] { seedFriends(count: 20) }

  /// The posts a new data directory starts with: 100 by 6 people.
  @Sendable static func seedPosts() -> [Post] { seedPosts(count: 100) }

  static func seedFriends(count: Int) -> [Friend] {
    (0..<max(count, 0)).map { Friend(id: $0 + 1, draft: friend($0)) }
  }

  static func seedPosts(count: Int) -> [Post] {
    (0..<max(count, 0)).map { index in
      post(id: index + 1, date: seedDate(ofPostNumber: index))
    }
  }
}
