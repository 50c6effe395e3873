/// Whether someone is signed in, and as whom.
public enum AccountStatus: Sendable, Codable, Hashable {
  /// Nobody is signed in.
  case unavailable
  /// A user is signed in with this account.
  case authorized(Account)

  /// Whether a user is signed in.
  public var isAuthorized: Bool {
    if case .authorized = self { return true }
    return false
  }

  /// The signed-in account, or `nil` when nobody is signed in.
  public var account: Account? {
    if case .authorized(let account) = self { return account }
    return nil
  }
}
