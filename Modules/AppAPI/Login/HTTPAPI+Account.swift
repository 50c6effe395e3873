import Foundation
import Models

extension HTTPAPI {
  /// `POST /login`: signs in with ``Credentials``; answers a ``SessionBody``. The only
  /// endpoint, with ``passwordReset``, that needs no session token.
  public static let logIn = Endpoint("POST", "/login")
  /// `POST /logout`: ends the session of the request's token; answers 204.
  public static let logOut = Endpoint("POST", "/logout")
  /// `GET /account`: the account of the request's session; answers an ``AccountBody``.
  public static let account = Endpoint("GET", "/account")
  /// `POST /password-reset`: asks for a reset link with a ``PasswordResetRequest``; needs no
  /// session, since it is for someone who cannot log in.
  public static let passwordReset = Endpoint("POST", "/password-reset")

  /// The header that carries the session token: `Authorization: Bearer <token>`.
  public static let authorizationHeader = "Authorization"

  /// The value of ``authorizationHeader`` for `token`.
  public static func bearer(_ token: String) -> String {
    "Bearer \(token)"
  }

  /// The token of an ``authorizationHeader`` value, or `nil` when it is not
  /// `Bearer <token>` (the scheme's name in any case, one or more spaces after it).
  public static func bearerToken(in value: String) -> String? {
    let parts = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
    guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
    let token = parts[1].trimmingCharacters(in: .whitespaces)
    return token.isEmpty ? nil : token
  }

  /// The answer of `POST /login`: the account, and the session token to send as
  /// `Authorization: Bearer <token>` with every other request.
  public struct SessionBody: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The signed-in account.
    public var account: Account
    /// The session's token.
    public var token: String

    /// Creates the body.
    public init(account: Account, token: String) {
      self.account = account
      self.token = token
    }

    /// The account only, so that printing the body by mistake does not reveal the token.
    public var description: String { "SessionBody(account: \(account), token: …)" }
  }
}
