import Foundation
import Models

/// What a new store holds before anyone changed it.
///
/// A store writes its seed when its file does not exist yet. Seeds are plain values built
/// without randomness or the current time, so two new stores made from the same seed have
/// byte-for-byte identical files.
public struct StoreSeed: Sendable, Hashable {
  /// The account that can sign in.
  public var account: Account
  /// The account's password. The demo store keeps it in plain text: it is sample data,
  /// not a way to keep real credentials.
  public var password: String
  /// Whether the account starts signed in.
  public var loggedIn: Bool
  /// The friends, given identifiers 1, 2, 3… in this order.
  public var friends: [FriendDraft]
  /// The posts, in any order; their identifiers must be unique.
  public var posts: [Post]

  /// Creates a seed from its parts.
  public init(
    account: Account, password: String, loggedIn: Bool, friends: [FriendDraft], posts: [Post]
  ) {
    self.account = account
    self.password = password
    self.loggedIn = loggedIn
    self.friends = friends
    self.posts = posts
  }

  /// The demo data: the account `ada@example.com` (password `correct horse`, signed out),
  /// 20 friends and 100 posts by 6 people.
  public static let demo = demo(friendCount: 20, postCount: 100)

  /// The demo account and no friends or posts.
  public static let empty = StoreSeed(
    account: demoAccount, password: demoPassword, loggedIn: false, friends: [], posts: [])

  /// The demo account with `friendCount` friends and `postCount` posts (identifiers 1
  /// through `postCount`), for example to measure the store with many posts.
  public static func demo(friendCount: Int, postCount: Int) -> StoreSeed {
    let friends = (0..<max(friendCount, 0)).map(DemoData.friend)
    let posts = (0..<max(postCount, 0)).map { index in
      demoPost(id: index + 1, date: DemoData.seedDate(ofPostNumber: index))
    }
    return StoreSeed(
      account: demoAccount, password: demoPassword, loggedIn: false, friends: friends,
      posts: posts)
  }

  /// The demo account, `ada@example.com`, shown as "Ada".
  public static let demoAccount = Account(email: "ada@example.com", displayName: "Ada")
  /// The demo account's password.
  public static let demoPassword = "correct horse"
  /// The six people who write the demo posts.
  public static let demoAuthors = DemoData.authors

  /// The demo post with this identifier: its author and text follow from the identifier
  /// alone, so the same identifier always gives the same post.
  public static func demoPost(id: Int, date: Date) -> Post {
    DemoData.post(id: id, date: date)
  }
}
