/// The signed-in user of the app: who they are and how the app greets them.
public struct Account: Sendable, Codable, Hashable {
  /// The address the user signs in with, for example `ada@example.com`.
  public var email: String
  /// The name shown to the user, for example in "Welcome, Ada".
  public var displayName: String

  /// Creates an account with an email address and a display name.
  public init(email: String, displayName: String) {
    self.email = email
    self.displayName = displayName
  }
}
