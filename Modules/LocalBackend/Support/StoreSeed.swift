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
  // demo:begin
  /// The friends, given identifiers 1, 2, 3… in this order.
  public var friends: [FriendDraft] = []
  /// The posts, in any order; their identifiers must be unique.
  public var posts: [Post] = []
  // demo:end

  /// Creates a seed of the account alone.
  public init(account: Account, passwordHash: PasswordHash, loggedIn: Bool) {
    self.account = account
    self.passwordHash = passwordHash
    self.loggedIn = loggedIn
  }

  /// What a new data directory starts with: the demo account `ada@example.com` (password
  /// `correct horse`, signed out), with the demo's data (20 friends and 100 posts by 6
  /// people, see `Demo/StoreSeed+Demo.swift`) as long as the demo is in.
  public static let demo =
    empty
    // demo:begin
    .withDemoData(friendCount: 20, postCount: 100)
  // demo:end

  /// The demo account and nothing else.
  public static let empty = StoreSeed(
    account: demoAccount, passwordHash: demoPasswordHash, loggedIn: false)

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
}
