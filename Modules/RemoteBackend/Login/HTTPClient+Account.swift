import AppAPI
import Foundation
import Models
import Services

extension HTTPClient {
  // MARK: - Account

  /// `POST /login`: signs in, and keeps the session's token in ``tokens`` (the server ends
  /// the session of the token sent with the request, if any).
  ///
  /// - Returns: The signed-in account.
  /// - Throws: ``ServiceError/wrongCredentials`` when the email or the password is wrong,
  ///   ``ServiceError/storage(_:)`` when the token cannot be kept.
  public func logIn(email: String, password: String) async throws -> Account {
    let body = try await call(
      HTTPAPI.logIn, body: HTTPAPI.Credentials(email: email, password: password),
      context: .logIn, expecting: HTTPAPI.SessionBody.self, what: "an account and a token")
    guard isPlausibleSessionToken(body.token) else {
      throw ServiceError.malformedResponse("the login answer has no valid token")
    }
    do {
      try tokens.save(body.token)
    } catch {
      throw ServiceError.storage("\(error)")
    }
    return body.account
  }

  /// `POST /logout`: ends the session and forgets its token. Logging out without a session,
  /// or with one that already ended, is not an error.
  public func logOut() async throws {
    guard let token = await currentToken() else { return }
    do {
      try await call(HTTPAPI.logOut)
    } catch ServiceError.sessionExpired {
      // Ended already: logged out all the same.
    }
    tokens.remove(token)
  }

  /// `GET /account`: the account of the session, or ``AccountStatus/unavailable`` when the
  /// client has no session token.
  ///
  /// - Throws: ``ServiceError/sessionExpired`` when the server refuses the token.
  public func accountStatus() async throws -> AccountStatus {
    let hadToken = await currentToken() != nil
    do {
      return try await call(
        HTTPAPI.account, expecting: HTTPAPI.AccountBody.self, what: "an account status"
      ).status
    } catch ServiceError.sessionExpired where !hadToken {
      return .unavailable
    }
  }

  /// `POST /password-reset`: asks for a password reset link for `email`.
  ///
  /// - Throws: ``ServiceError/invalid(_:)`` when the server refuses the address.
  public func requestPasswordReset(email: String) async throws {
    try await call(HTTPAPI.passwordReset, body: HTTPAPI.PasswordResetRequest(email: email))
  }
}
