import AppAPI
import HTTPServer
import LocalBackend
import Models

extension Endpoints {
  /// Logging in and out, the account of a session, and password resets.
  func addLoginRoutes(to router: inout HTTPRouter) {
    router.add(HTTPAPI.logIn) { request in
      self.answer(request, HTTPAPI.Credentials.self) { credentials in
        let account = try store.verifyCredentials(
          email: credentials.email, password: credentials.password)
        // A client that logs in again gives up the session it had.
        if let old = Self.token(of: request) { try sessions.end(old) }
        return HTTPAPI.SessionBody(
          account: account, token: try sessions.start(for: account).text)
      }
    }
    router.add(HTTPAPI.passwordReset) { request in
      self.answerNoContent(request, HTTPAPI.PasswordResetRequest.self) { body in
        try store.requestPasswordReset(email: body.email)
      }
    }
    router.add(HTTPAPI.logOut, signedIn: self) { request, _ in
      self.answerNoContent {
        if let token = Self.token(of: request) { try sessions.end(token) }
      }
    }
    router.add(HTTPAPI.account, signedIn: self) { _, account in
      self.answer { HTTPAPI.AccountBody(account: account) }
    }
  }
}
