import Cryptography
import Foundation
import Models

/// Where a server finds its accounts, whichever engine keeps them: ``LocalStore`` (one
/// account, in its directory) or a database server (any number).
///
/// Passwords are kept only as PBKDF2 hashes; the caller checks a password with
/// `PasswordHash.verify(_:)`, outside any lock or transaction.
public protocol AccountStore: Sendable {
  /// The account that signs in with `email` and its password hash, or `nil` when no account
  /// does. `email` is compared ignoring case and surrounding spaces.
  func credentials(email: String) throws(StoreError) -> (
    account: Account, passwordHash: PasswordHash
  )?
}

extension LocalStore: AccountStore {
  /// The store's account and its password hash when `email` is its address, ignoring case
  /// and surrounding spaces.
  public func credentials(email: String) throws(StoreError) -> (
    account: Account, passwordHash: PasswordHash
  )? {
    let email = Account.normalizedEmail(email)
    return try read { file in
      guard Account.normalizedEmail(file.account.email) == email else { return nil }
      return (file.account, file.passwordHash)
    }
  }
}

extension Account {
  /// `email` as accounts are looked up by: without surrounding spaces, in lower case.
  public static func normalizedEmail(_ email: String) -> String {
    email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
  }
}
