import Cryptography
import Foundation
import Models

// The demo's friends and posts in the seed.
extension StoreSeed {
  /// Creates a seed from its parts.
  public init(
    account: Account, passwordHash: PasswordHash, loggedIn: Bool, friends: [FriendDraft],
    posts: [Post]
  ) {
    self.init(account: account, passwordHash: passwordHash, loggedIn: loggedIn)
    self.friends = friends
    self.posts = posts
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
    seed.friends = (0..<max(friendCount, 0)).map(DemoData.friend)
    seed.posts = (0..<max(postCount, 0)).map { index in
      Self.demoPost(id: index + 1, date: DemoData.seedDate(ofPostNumber: index))
    }
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
