import Authentication
import Cryptography
import Foundation
import Models

extension LocalStore {
  /// Whether the account is signed in.
  public func accountStatus() throws(StoreError) -> AccountStatus {
    try read { file in file.accountStatus }
  }

  /// Signs in when `email` (ignoring case and surrounding spaces) and `password` match
  /// the account. The password is checked against the stored PBKDF2 hash, in constant time,
  /// without holding the store's lock; it is checked even when the email is wrong, so that
  /// the time taken does not say which addresses have an account.
  ///
  /// After too many wrong passwords for one address (see `LoginThrottle`), attempts for it
  /// are refused without checking the password until the wait is over.
  ///
  /// - Returns: The account.
  /// - Throws: ``StoreError/wrongPassword`` when either does not match, or
  ///   ``StoreError/tooManyAttempts(retryAfter:)`` during a wait; nothing changes.
  @discardableResult
  public func logIn(email: String, password: String) throws(StoreError) -> Account {
    let (account, hash) = try checkCredentials(email: email, password: password)
    return try modify { (file: StoreFile) throws(StoreError) in
      // Another process may have changed the account while the password was checked.
      guard file.account == account, file.passwordHash == hash else { throw .wrongPassword }
      return (.logIn, file.account)
    }
  }

  /// Checks `email` and `password` as ``logIn(email:password:)`` does, throttle included,
  /// without signing anyone in: for a server that keeps its own sessions.
  ///
  /// - Returns: The account they belong to.
  /// - Throws: ``StoreError/wrongPassword`` or ``StoreError/tooManyAttempts(retryAfter:)``.
  public func verifyCredentials(email: String, password: String) throws(StoreError) -> Account {
    try checkCredentials(email: email, password: password).account
  }

  fileprivate func checkCredentials(
    email: String, password: String
  ) throws(StoreError) -> (account: Account, hash: PasswordHash) {
    let email = email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    if case .wait(let seconds) = try throttled({ try throttle.check(email) }) {
      throw .tooManyAttempts(retryAfter: seconds)
    }
    let (account, hash) = try read { file in (file.account, file.passwordHash) }
    let passwordMatches = hash.verify(password)
    guard email == account.email.lowercased(), passwordMatches else {
      _ = try throttled { try throttle.recordFailure(for: email) }
      throw .wrongPassword
    }
    try throttled { try throttle.recordSuccess(for: email) }
    return (account, hash)
  }

  /// Runs a call of the throttle, whose storage's failures become
  /// ``StoreError/unavailable(_:)``.
  private func throttled<Value>(_ body: () throws -> Value) throws(StoreError) -> Value {
    do {
      return try body()
    } catch let error as StoreError {
      throw error
    } catch {
      throw .unavailable("the login throttle failed: \(error)")
    }
  }

  /// Signs out. Signing out when nobody is signed in is not an error.
  public func logOut() throws(StoreError) {
    try modify { _ in (.logOut, ()) }
  }

  /// Asks for a password reset link for `email`.
  ///
  /// The embedded backend sends no mail and records nothing: it accepts every valid
  /// address, whether or not it belongs to the account, as a real service would to avoid
  /// revealing which addresses have accounts.
  ///
  /// - Throws: ``StoreError/invalidInput(_:)`` when the address is not valid.
  public func requestPasswordReset(email: String) throws(StoreError) {
    if case .invalid(let message) = Validation.email(email) {
      throw .invalidInput(message)
    }
  }
}
