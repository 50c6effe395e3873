import Cryptography
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
  /// The account's password as a ``PasswordHash`` (PBKDF2-HMAC-SHA256 with its salt and
  /// iteration count); the store never keeps the password itself.
  public var passwordHash: PasswordHash
  /// Whether the account starts signed in.
  public var loggedIn: Bool
  /// The friends, given identifiers 1, 2, 3… in this order.
  public var friends: [FriendDraft]
  /// The posts, in any order; their identifiers must be unique.
  public var posts: [Post]

  /// Creates a seed from its parts.
  public init(
    account: Account, passwordHash: PasswordHash, loggedIn: Bool, friends: [FriendDraft],
    posts: [Post]
  ) {
    self.account = account
    self.passwordHash = passwordHash
    self.loggedIn = loggedIn
    self.friends = friends
    self.posts = posts
  }

  /// The demo data: the account `ada@example.com` (password `correct horse`, signed out),
  /// 20 friends and 100 posts by 6 people.
  public static let demo = demo(friendCount: 20, postCount: 100)

  /// The demo account and no friends or posts.
  public static let empty = StoreSeed(
    account: demoAccount, passwordHash: demoPasswordHash, loggedIn: false, friends: [],
    posts: [])

  /// The demo account with `friendCount` friends and `postCount` posts (identifiers 1
  /// through `postCount`), for example to measure the store with many posts.
  public static func demo(friendCount: Int, postCount: Int) -> StoreSeed {
    let friends = (0..<max(friendCount, 0)).map(DemoData.friend)
    let posts = (0..<max(postCount, 0)).map { index in
      demoPost(id: index + 1, date: DemoData.seedDate(ofPostNumber: index))
    }
    return StoreSeed(
      account: demoAccount, passwordHash: demoPasswordHash, loggedIn: false, friends: friends,
      posts: posts)
  }

  /// The demo account, `ada@example.com`, shown as "Ada".
  public static let demoAccount = Account(email: "ada@example.com", displayName: "Ada")
  /// The demo account's password, for the documentation and the tests: the seeds hold only
  /// ``demoPasswordHash``.
  public static let demoPassword = "correct horse"
  /// The hash of ``demoPassword`` the demo seeds hold: precomputed with a fixed salt and the
  /// full iteration count, so that seeds stay free of randomness.
  public static let demoPasswordHash: PasswordHash = {
    let encoded =
      "pbkdf2-sha256$600000$YB8YYZAlaf/j/HyA85Q9pw==$"
      + "jjrXO8oYxAVSDz7hDzbEX0QUQWTAygu/ihCaKYGK1g0="
    do {
      return try PasswordHash(encoded: encoded)
    } catch {
      preconditionFailure("the demo password hash is malformed: \(error)")
    }
  }()

  /// This seed with `password` hashed with `iterations` (and a salt made from the account's
  /// email, so that the seed stays free of randomness): tests use it with a low count to
  /// keep logging in cheap.
  public func withPassword(_ password: String, iterations: Int) -> StoreSeed {
    var seed = self
    seed.passwordHash = PasswordHash.make(
      password: password,
      salt: Array(SHA256.hash(Array(("seed salt " + account.email).utf8)).prefix(16)),
      iterations: iterations)
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
