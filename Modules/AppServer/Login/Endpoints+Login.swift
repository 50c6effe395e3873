import AppAPI
import Authentication
import Cryptography
import HTTPServer
import LocalBackend
import Models

extension Endpoints {
  /// Logging in and out, the account of a session, and password resets.
  func addLoginRoutes(to router: inout HTTPRouter) {
    router.add(HTTPAPI.logIn) { request in
      self.answer(request, HTTPAPI.Credentials.self) { credentials in
        let account = try logIn(
          email: credentials.email, password: credentials.password,
          from: request.clientAddress)
        // A client that logs in again gives up the session it had.
        let token = try Self.storageCall { () throws -> String in
          if let old = Self.token(of: request) { try sessions.end(old) }
          return try sessions.start(for: Account.normalizedEmail(account.email)).text
        }
        return HTTPAPI.SessionBody(account: account, token: token)
      }
    }
    router.add(HTTPAPI.passwordReset) { request in
      self.answerNoContent(request, HTTPAPI.PasswordResetRequest.self) { body in
        // No mail is sent: every valid address is accepted, whether or not it has an
        // account, so that the answer does not reveal which addresses do.
        if case .invalid(let message) = Validation.email(body.email) {
          throw StoreError.invalidInput(message)
        }
      }
    }
    router.add(HTTPAPI.logOut, signedIn: self) { request, _ in
      self.answerNoContent {
        if let token = Self.token(of: request) {
          try Self.storageCall { try sessions.end(token) }
        }
      }
    }
    router.add(HTTPAPI.account, signedIn: self) { _, account in
      self.answer { HTTPAPI.AccountBody(account: account) }
    }
  }

  /// The account `email` and `password` sign in, checked against the stored password hash
  /// outside any lock, and throttled per email address and per client address.
  ///
  /// An unknown email is checked against ``unknownAccountHash``, which takes as long, so
  /// that the time taken does not say which addresses have an account. A failure counts for
  /// both keys; a success resets the email's.
  ///
  /// The check waits for its turn at ``loginGate``.
  ///
  /// - Throws: ``StoreError/tooManyAttempts(retryAfter:)`` while either key must wait (the
  ///   longer wait), `LoginGate.Busy` when too many checks run and wait already,
  ///   ``StoreError/wrongPassword``, or a storage's failure.
  private func logIn(
    email: String, password: String, from address: String?
  ) throws -> Account {
    let throttle = storage.throttle
    let keys =
      [ServerStorage.throttleKey(email: email)]
      + (address.map { [ServerStorage.throttleKey(address: $0)] } ?? [])
    let waits = try Self.storageCall {
      try keys.map { key in try throttle.check(key) }
    }
    let longest = waits.compactMap { decision -> Int? in
      if case .wait(let seconds) = decision { return seconds }
      return nil
    }.max()
    if let longest {
      log.record(
        .warn, "login.throttled", ["status": "429", "client": address, "retry_after": "\(longest)"])
      throw StoreError.tooManyAttempts(retryAfter: longest)
    }
    // The account is looked up in the check's turn too, so that a login the gate refuses
    // costs no read of the storage.
    let checked = try loginGate.run(from: address ?? "") {
      () throws -> ((account: Account, passwordHash: PasswordHash)?, Bool) in
      let found = try storage.accounts.credentials(email: email)
      return (found, (found?.passwordHash ?? Self.unknownAccountHash).verify(password))
    }
    guard let (found, matches) = checked else {
      log.record(.warn, "login.busy", ["status": "503", "client": address, "retry_after": "1"])
      throw LoginGate.Busy()
    }
    guard let found, matches else {
      log.record(
        .warn, "login.failed",
        ["status": "401", "client": address, "account": found == nil ? "unknown" : "known"])
      try Self.storageCall {
        for key in keys { try throttle.recordFailure(for: key) }
      }
      throw StoreError.wrongPassword
    }
    try Self.storageCall { try throttle.recordSuccess(for: keys[0]) }
    return found.account
  }

  /// What the password of an unknown email is checked against: a hash of no password, with
  /// the iterations of a new one, so that the check takes as long as a real one.
  static let unknownAccountHash = try! PasswordHash(
    encoded: "\(PasswordHash.algorithm)$\(PasswordHash.defaultIterations)"
      + "$dW5rbm93bi1hY2NvdW50IQ==$AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=")
}
