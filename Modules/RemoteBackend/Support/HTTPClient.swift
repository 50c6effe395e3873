import AppAPI
import Foundation
import Models
import Services

/// The app's HTTP API (see `Docs/HTTP-API.md`) as async functions: those of every collection
/// of records once for all (`records(_:)`, `add(_:)`…), and each feature's own in an
/// extension in the feature's folder, each sending to a `Route` declared in `AppAPI`.
///
/// **Errors.** Every function throws a ``ServiceError``, or `CancellationError` when the
/// calling task was cancelled:
/// - a status outside 200–299 gives ``ServiceError/http(status:)``, except 401 from
///   ``logIn(email:password:)`` (``ServiceError/wrongCredentials``), 401 from any other call
///   (``ServiceError/sessionExpired``, see below), 404 from a call about
///   one item (``ServiceError/notFound(id:)``), 400 with an `{"error": …}` body
///   (``ServiceError/invalid(_:)`` with the server's message) and 429 with a `retryAfter`
///   in its body (``ServiceError/tooManyAttempts(retryAfter:)``);
/// - an answer that is not readable HTTP, or a body that is not the expected JSON, gives
///   ``ServiceError/malformedResponse(_:)``;
/// - no complete answer within ``timeout`` gives ``ServiceError/timedOut``;
/// - a refused connection or an unknown host gives ``ServiceError/unreachable(_:)``.
///
/// **Sessions.** ``logIn(email:password:)`` keeps the session token the server answers with
/// in ``tokens``, and every other call sends it as `Authorization: Bearer <token>`. When the
/// server refuses the token (401: the session expired or was ended elsewhere), the client
/// forgets it and the call throws ``ServiceError/sessionExpired``; ``accountStatus()``
/// without a token answers ``AccountStatus/unavailable`` instead, since no session was lost.
/// A token the storage finds exposed (a file other users can read) is taken out of it and
/// its session ended on the server before the call goes on without it.
///
/// **Timeout.** ``timeout`` bounds the whole call, from sending the request to the last
/// byte of the answer, with the transport's own timer (see ``HTTPTransport``).
///
/// **Cancellation.** Cancelling the calling task closes the request's connection, and the
/// call throws `CancellationError` at once.
///
/// **Threads.** The client is `Sendable`; calls may run concurrently from any task.
public final class HTTPClient: Sendable {
  /// The timeout used when none is given: 10 seconds.
  public static let defaultTimeout: Duration = HTTPTransport.defaultTimeout

  /// The server's base URL, for example `http://127.0.0.1:8080`; endpoint paths are
  /// appended to it.
  public var baseURL: URL { transport.baseURL }
  /// How long a call may take in total.
  public var timeout: Duration { transport.timeout }
  /// Where the session token is kept between calls.
  public let tokens: any SessionTokenStorage
  private let transport: HTTPTransport

  /// Creates a client of the server at `baseURL`.
  ///
  /// - Parameters:
  ///   - baseURL: The server's base URL; a path in it (`http://host/api`) prefixes every
  ///     endpoint.
  ///   - timeout: How long a call may take in total before it fails with
  ///     ``ServiceError/timedOut``.
  ///   - tokens: Where the session token is kept: in memory unless given (a
  ///     ``SessionTokenFile`` shares the login with other clients of a data directory).
  public init(
    baseURL: URL, timeout: Duration = HTTPClient.defaultTimeout,
    tokens: any SessionTokenStorage = MemorySessionTokens()
  ) {
    transport = HTTPTransport(baseURL: baseURL, timeout: timeout)
    self.tokens = tokens
  }

  // MARK: - Requests

  /// What a failed status means for the call that got it.
  enum Context {
    /// A 401 means the session ended.
    case general
    /// A 401 means the credentials are wrong.
    case logIn
    /// A 404 means there is nothing with this identifier.
    case item(Int)
  }

  /// Sends a request and decodes the answer's body as `Response`.
  func call<Response: Decodable>(
    _ endpoint: Endpoint, _ parameters: [String: String] = [:],
    query: [(name: String, value: String)] = [],
    body: (any Encodable)? = nil, context: Context = .general,
    expecting: Response.Type, what: String
  ) async throws -> Response {
    let data = try await send(
      endpoint, parameters, query: query, body: body, context: context)
    do {
      return try HTTPAPI.makeDecoder().decode(Response.self, from: data)
    } catch let error as DecodingError {
      throw ServiceError.malformedResponse("expected \(what), but \(Self.explain(error))")
    }
  }

  /// Sends a request whose answer has no body of interest.
  func call(
    _ endpoint: Endpoint, _ parameters: [String: String] = [:], body: (any Encodable)? = nil,
    context: Context = .general
  ) async throws {
    _ = try await send(endpoint, parameters, query: [], body: body, context: context)
  }

  /// Sends a request and returns the body of a 2xx answer.
  private func send(
    _ endpoint: Endpoint, _ parameters: [String: String],
    query: [(name: String, value: String)], body: (any Encodable)?, context: Context
  ) async throws -> Data {
    let token = await currentToken()
    let (data, status) = try await transport.send(
      endpoint.method, path: endpoint.path(parameters), query: HTTPAPI.queryString(query),
      body: try body.map { try HTTPAPI.makeEncoder().encode($0) },
      headers: token.map { [(HTTPAPI.authorizationHeader, HTTPAPI.bearer($0))] } ?? [])
    guard (200..<300).contains(status) else {
      let error = Self.error(status: status, body: data, context: context)
      if error == .sessionExpired, let token { tokens.expire(token) }
      throw error
    }
    return data
  }

  /// The token to send. A token the storage finds exposed is removed from it first and its
  /// session ended (`POST /logout` with it; a failure there changes nothing, since the
  /// token is no longer used), so whoever read it cannot use it.
  func currentToken() async -> String? {
    if let exposed = tokens.takeExposedToken() {
      _ = try? await transport.send(
        HTTPAPI.logOut.method, path: HTTPAPI.logOut.path([:]), query: "", body: nil,
        headers: [(HTTPAPI.authorizationHeader, HTTPAPI.bearer(exposed))])
    }
    return tokens.load()
  }

  // MARK: - Building blocks

  /// The error a non-2xx answer stands for.
  static func error(status: Int, body: Data, context: Context) -> ServiceError {
    switch (status, context) {
    case (401, .logIn):
      return .wrongCredentials
    case (401, _):
      return .sessionExpired
    case (429, _):
      if let message = try? HTTPAPI.makeDecoder().decode(HTTPAPI.ErrorBody.self, from: body),
        let seconds = message.retryAfter, seconds > 0
      {
        return .tooManyAttempts(retryAfter: seconds)
      }
      return .http(status: status, message: serverMessage(body))
    case (404, .item(let id)):
      return .notFound(id: id)
    case (409, .item(let id)):
      return .changedElsewhere(id: id)
    case (400, _):
      if let message = try? HTTPAPI.makeDecoder().decode(HTTPAPI.ErrorBody.self, from: body),
        !message.error.isEmpty
      {
        return .invalid(message.error)
      }
      return .http(status: status, message: serverMessage(body))
    default:
      return .http(status: status, message: serverMessage(body))
    }
  }

  /// The sentence of an error answer's body (`{"error": …}`), or `nil` when it has none: at
  /// most 300 characters, on one line, without control characters.
  static func serverMessage(_ body: Data) -> String? {
    guard let decoded = try? HTTPAPI.makeDecoder().decode(HTTPAPI.ErrorBody.self, from: body)
    else { return nil }
    var message = String(
      String.UnicodeScalarView(
        decoded.error.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    message = message.trimmingCharacters(in: .whitespaces)
    guard !message.isEmpty else { return nil }
    if message.count > 300 { message = String(message.prefix(299)) + "…" }
    return message
  }

  /// A short explanation of why a body could not be decoded.
  static func explain(_ error: DecodingError) -> String {
    func path(_ context: DecodingError.Context, _ key: (any CodingKey)? = nil) -> String {
      let keys = context.codingPath + (key.map { [$0] } ?? [])
      guard !keys.isEmpty else { return "the body" }
      let text = keys.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }
        .joined()
      return "\"" + (text.hasPrefix(".") ? String(text.dropFirst()) : text) + "\""
    }
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      return "the body is not valid JSON"
    case .dataCorrupted(let context):
      return "\(path(context)) is not valid: \(context.debugDescription)"
    case .keyNotFound(let key, let context):
      return "\(path(context, key)) is missing"
    case .typeMismatch(let type, let context):
      return "\(path(context)) is not of type \(type)"
    case .valueNotFound(let type, let context):
      return "\(path(context)) is null where \(type) was expected"
    @unknown default:
      return "the body could not be decoded"
    }
  }
}
