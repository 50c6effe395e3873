import AppAPI
import Authentication
import Foundation
import HTTPServer
import LocalBackend
import Models

/// The app's HTTP API (see `Docs/HTTP-API.md`) served from a ``ServerStorage``: the
/// embedded store, or a database several servers share.
///
/// Every answer is JSON (or empty with 204). Store failures become statuses: a wrong
/// password 401, too many wrong passwords (for the email address or from the client's
/// address) 429 with `Retry-After`, an unknown identifier 404, a rule broken by the input 400,
/// storage that cannot be reached right now 503 with `Retry-After`, a problem with the store's
/// file 500 (with a generic message; the details go to `log`).
///
/// **Sessions.** `POST /login` checks the password and starts a session in the storage's
/// ``ServerStorage/sessions``: the answer holds a new token (32 random bytes), which the server
/// keeps only as its SHA-256 digest. Every other endpoint but `POST /password-reset` needs
/// `Authorization: Bearer <token>` with the token of a live session of an account that still
/// exists, and answers 401 otherwise; `POST /logout` ends the request's session. Each client
/// has its own session; a session ends after ``SessionStore/inactivityLimit`` without a
/// request (30 days), and an account's oldest session ends when it starts one more than
/// ``SessionStore/maximumPerSubject`` (10). The embedded store's own "signed in" flag, which
/// the embedded backend uses, is neither read nor changed.
///
/// ```swift
/// let api = ServerAPI(storage: try .embedded(directory: directory))
/// let server = try HTTPServer(router: api.router)
/// ```
public struct ServerAPI: Sendable {
  /// Where the API's data is kept.
  public let storage: ServerStorage
  /// The API's routes, ready for ``HTTPServer/init(configuration:onEvent:router:)``.
  public let router: HTTPRouter

  /// Creates the API over `storage`.
  ///
  /// - Parameters:
  ///   - storage: Where records, accounts, sessions and failed logins are kept.
  ///   - log: Receives the API's log: one line in logfmt (see ``ServerLog``) for each failed
  ///     login, throttled or refused login, request refused for its session token, and
  ///     storage failure answered with 500 or 503 (the client gets only a generic message,
  ///     which does not reveal server paths). No line holds a password or a token.
  ///   - loginGate: Bounds the password checks that run at once and the logins waiting for
  ///     one; a login past it is answered 503 with `Retry-After: 1` at once.
  public init(
    storage: ServerStorage, log: @escaping @Sendable (String) -> Void = { _ in },
    loginGate: LoginGate = LoginGate()
  ) {
    self.storage = storage
    router = Endpoints(storage: storage, log: ServerLog(write: log), loginGate: loginGate).router
  }

  /// Answers `request` with the API's routes.
  public func handle(_ request: HTTPRequest) -> HTTPReply {
    router.handle(request)
  }
}

/// The handlers behind ``ServerAPI``'s routes; each feature adds its own from an extension
/// in the feature's folder.
struct Endpoints: Sendable {
  let storage: ServerStorage
  let log: ServerLog
  let loginGate: LoginGate

  /// The features' records: what the handlers read and change.
  var records: any RecordStore { storage.records }
  var sessions: SessionStore<String> { storage.sessions }

  var router: HTTPRouter {
    var router = HTTPRouter()
    addLoginRoutes(to: &router)
    for addRoutes in Self.features { addRoutes(self)(&router) }
    return router
  }

  // MARK: - Sessions

  /// The token of the request's `Authorization: Bearer …` header, if it has one.
  static func token(of request: HTTPRequest) -> String? {
    request.headers[HTTPAPI.authorizationHeader].flatMap(HTTPAPI.bearerToken(in:))
  }

  /// Runs `body` with the account of the request's session, or answers 401 when the request
  /// has no token, or one of no live session (unknown, ended or expired), or of an account
  /// that no longer exists.
  func signedIn(
    _ request: HTTPRequest, _ body: (Account) -> HTTPReply
  ) -> HTTPReply {
    guard let token = Self.token(of: request) else {
      return Self.unauthorized(
        "Log in first: this request needs a session token (Authorization: Bearer …).",
        challenge: #"Bearer realm="api""#)
    }
    let account: Account?
    do throws(StoreError) {
      account = try self.account(of: token)
    } catch {
      return failure(error)
    }
    guard let account else {
      log.record(
        .warn, "request.refused",
        [
          "status": "401", "reason": "no live session for the token",
          "client": request.clientAddress,
          "method": request.method.rawValue, "path": request.path,
        ])
      return Self.unauthorized(
        "Your session has expired; log in again.",
        challenge: #"Bearer realm="api", error="invalid_token""#)
    }
    return body(account)
  }

  /// The account of the live session of `token`, or `nil`.
  private func account(of token: String) throws(StoreError) -> Account? {
    guard let email = try Self.storageCall({ try sessions.subject(for: token) }) else {
      return nil
    }
    return try storage.accounts.credentials(email: email)?.account
  }

  /// Runs a call of the sessions or the throttle, whose storage's own errors become
  /// ``StoreError/unavailable(_:)`` (or ``StoreError/readOnly(path:reason:)`` when its file
  /// cannot be written).
  static func storageCall<Value>(_ body: () throws -> Value) throws(StoreError) -> Value {
    do {
      return try body()
    } catch let error as StoreError {
      throw error
    } catch StorageFileError.readOnly(let path, let reason) {
      throw .readOnly(path: path, reason: reason)
    } catch {
      throw .unavailable("\(error)")
    }
  }

  private static func unauthorized(_ message: String, challenge: String) -> HTTPReply {
    var response = HTTPResponse.error(status: 401, message: message)
    response.headers.set("WWW-Authenticate", challenge)
    response.headers.set("Cache-Control", "no-store")
    return .response(response)
  }

  // MARK: - Building blocks

  /// Answers with the JSON of `body`'s result, or with the status of the store error it
  /// throws.
  func answer<Value: Encodable>(
    status: Int = 200, _ body: () throws -> Value
  ) -> HTTPReply {
    do {
      return json(try body(), status: status)
    } catch {
      return failure(error)
    }
  }

  /// Answers 204 when `body` succeeds, or with the status of the store error it throws.
  func answerNoContent(_ body: () throws -> Void) -> HTTPReply {
    do {
      try body()
      return .response(.noContent)
    } catch {
      return failure(error)
    }
  }

  /// Decodes the request's body as `Input`, then answers like `answer(status:_:)`.
  func answer<Input: Decodable, Value: Encodable>(
    _ request: HTTPRequest, _ input: Input.Type, status: Int = 200,
    _ body: (Input) throws -> Value
  ) -> HTTPReply {
    switch decode(input, from: request) {
    case .success(let value): return answer(status: status) { try body(value) }
    case .failure(let error): return error.reply
    }
  }

  /// Decodes the request's body as `Input`, then answers like `answerNoContent(_:)`.
  func answerNoContent<Input: Decodable>(
    _ request: HTTPRequest, _ input: Input.Type, _ body: (Input) throws -> Void
  ) -> HTTPReply {
    switch decode(input, from: request) {
    case .success(let value): return answerNoContent { try body(value) }
    case .failure(let error): return error.reply
    }
  }

  /// Reads the `{id}` path parameter as a whole number.
  func withIdentifier(
    _ request: HTTPRequest, _ body: (Int) -> HTTPReply
  ) -> HTTPReply {
    guard let text = request.pathParameters["id"], let id = Int(text) else {
      return .error(status: 400, message: "the identifier in the path must be a whole number")
    }
    return body(id)
  }

  private func decode<Input: Decodable>(
    _ type: Input.Type, from request: HTTPRequest
  ) -> Result<Input, ReplyError> {
    do {
      return .success(try HTTPAPI.makeDecoder().decode(type, from: request.body))
    } catch let error as DecodingError {
      return .failure(ReplyError(reply: .error(status: 400, message: Self.explain(error))))
    } catch {
      return .failure(
        ReplyError(reply: .error(status: 400, message: "the request body could not be read")))
    }
  }

  private func json<Value: Encodable>(_ value: Value, status: Int = 200) -> HTTPReply {
    var response = HTTPResponse.json(value, status: status, encoder: HTTPAPI.makeEncoder())
    response.headers.set("Cache-Control", "no-store")
    return .response(response)
  }

  /// The `Retry-After` of a 503 answer, in seconds.
  static let unavailableRetryAfter = 5

  /// The `Retry-After` of a login refused because too many run at once, in seconds.
  static let busyRetryAfter = 1

  /// The answer for an error thrown by the store.
  func failure(_ error: any Error) -> HTTPReply {
    if error is LoginGate.Busy {
      // Logged where the login is refused, with its client.
      var response = HTTPResponse.json(
        HTTPAPI.ErrorBody(
          error: "the server is checking too many logins at once; try again in a second",
          retryAfter: Self.busyRetryAfter),
        status: 503, encoder: HTTPAPI.makeEncoder())
      response.headers.set("Retry-After", String(Self.busyRetryAfter))
      return .response(response)
    }
    if let error = error as? ReplyError { return error.reply }
    guard let error = error as? StoreError else {
      log.record(.error, "server.fault", ["status": "500", "message": "\(error)"])
      return .error(status: 500, message: "the server failed unexpectedly; see its log")
    }
    switch error {
    case .notFound:
      return .error(status: 404, message: error.description)
    case .changedElsewhere:
      return .error(status: 409, message: error.description)
    case .invalidInput:
      return .error(status: 400, message: error.description)
    case .wrongPassword:
      return .error(status: 401, message: error.description)
    case .tooManyAttempts(let seconds):
      var response = HTTPResponse.json(
        HTTPAPI.ErrorBody(error: error.description, retryAfter: seconds), status: 429,
        encoder: HTTPAPI.makeEncoder())
      response.headers.set("Retry-After", String(seconds))
      return .response(response)
    case .readOnly:
      log.record(.error, "storage.read_only", ["status": "500", "message": error.description])
      return .error(status: 500, message: "the server's data is read-only: nothing can be saved")
    case .unavailable(let reason):
      log.record(.error, "storage.unavailable", ["status": "503", "message": reason])
      var response = HTTPResponse.json(
        HTTPAPI.ErrorBody(
          error: "the server cannot reach its data right now; try again shortly",
          retryAfter: Self.unavailableRetryAfter),
        status: 503, encoder: HTTPAPI.makeEncoder())
      response.headers.set("Retry-After", String(Self.unavailableRetryAfter))
      return .response(response)
    case .corrupt, .unreadable, .unsupportedVersion, .writeFailed, .notADirectory,
      .directoryNotCreated, .deleted:
      log.record(.error, "storage.fault", ["status": "500", "message": error.description])
      return .error(status: 500, message: "the server could not use its data; see its log")
    }
  }

  /// A sentence saying what is wrong with a request body.
  private static func explain(_ error: DecodingError) -> String {
    switch error {
    case .keyNotFound(let key, _):
      return "the request body needs the field \"\(key.stringValue)\""
    case .typeMismatch(_, let context) where !context.codingPath.isEmpty,
      .valueNotFound(_, let context) where !context.codingPath.isEmpty:
      let name = context.codingPath.last?.stringValue ?? "body"
      return "the field \"\(name)\" of the request body has the wrong type"
    case .dataCorrupted(let context) where !context.codingPath.isEmpty:
      let name = context.codingPath.last?.stringValue ?? "body"
      return "the field \"\(name)\" of the request body is not valid"
    default:
      return "the request body must be a JSON object"
    }
  }
}

extension HTTPRouter {
  /// Routes the requests of `endpoint` to `handler`.
  mutating func add(_ endpoint: Endpoint, handler: @escaping Handler) {
    add(HTTPMethod(rawValue: endpoint.method), endpoint.pattern, handler: handler)
  }

  /// Routes the requests of `endpoint` that carry the token of a live session to `handler`,
  /// with the session's account; the others get 401.
  mutating func add(
    _ endpoint: Endpoint, signedIn endpoints: Endpoints,
    handler: @escaping @Sendable (HTTPRequest, Account) -> HTTPReply
  ) {
    add(endpoint) { request in
      endpoints.signedIn(request) { account in handler(request, account) }
    }
  }
}

/// A reply carried as an error, so that decoding can fail with the answer to send.
struct ReplyError: Error {
  var reply: HTTPReply
}
