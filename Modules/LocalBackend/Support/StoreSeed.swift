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
  /// The records of each collection that has some, by record type.
  var records: [ObjectIdentifier: SeedRecords] = [:]

  /// Creates a seed of the account alone.
  public init(account: Account, passwordHash: PasswordHash, loggedIn: Bool) {
    self.account = account
    self.passwordHash = passwordHash
    self.loggedIn = loggedIn
  }

  /// The records of type `Record` the seed gives their collection, in any order (their
  /// identifiers must be unique), or `nil` when it gives none.
  public func records<Record: Hashable & Sendable>(_ type: Record.Type) -> [Record]? {
    records[ObjectIdentifier(type)].map { $0.records.base as! [Record] }
  }

  /// Makes `records` the records the seed gives their collection.
  public mutating func setRecords<Record: Hashable & Sendable>(_ records: [Record]) {
    self.records[ObjectIdentifier(Record.self)] = SeedRecords(records)
  }

  /// What a new data directory starts with: the demo account `ada@example.com` (password
  /// `correct horse`, signed out), with each collection's own starting records (see
  /// `StoreFile.collections`).
  public static let demo: StoreSeed = {
    var seed = empty
    for collection in StoreFile.collections {
      seed.records[collection.recordType] = collection.seedRecords()
    }
    return seed
  }()

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
