import AppServer
import Authentication
import Foundation
import HTTPServer
import LocalBackend
import Models
import RemoteBackend
import Services
import Synchronization
import TestSupport

/// How long a test waits for something that must happen (an answer, an element, a closed
/// connection) before it counts as a hang. Far beyond what the slowest busy machine needs, so
/// that a test fails only when the thing never happens; the suites' time limits allow for it.
let hangBound: Duration = .seconds(60)

/// A Friends API server over a fresh store in a temporary directory, and a client of it.
struct FriendsServerFixture {
  let store: LocalStore
  let sessions: SessionStore<String>
  let server: HTTPServer
  let log: HTTPServerEventLog
  let client: HTTPClient

  /// A new client of the server, with its own session token storage.
  func newClient(tokens: any SessionTokenStorage = MemorySessionTokens()) -> HTTPClient {
    HTTPClient(baseURL: server.url, timeout: client.timeout, tokens: tokens)
  }
}

/// Runs `body` with a Friends API server on 127.0.0.1 (a port the system chooses) serving a
/// store seeded with `seed`, and a client of it with `timeout`; unless `signedIn` is false,
/// the client holds the token of a session the test started on the server (no request is sent
/// for it). `wrap` may wrap the API's handler, for example to hold an answer back; `loginGate`
/// bounds the logins that run and wait at once, as the server's does.
func withAppServer<Result>(
  seed: StoreSeed = .quickLogin, throttle: LoginThrottle<String> = ServerStorage.loginThrottle(),
  sessions: SessionStore<String> = SessionStore(), loginGate: LoginGate = LoginGate(),
  signedIn: Bool = true,
  timeout: Duration = hangBound,
  wrapping wrap: (@escaping HTTPServer.Handler) -> HTTPServer.Handler = { $0 },
  _ body: (FriendsServerFixture) async throws -> Result
) async throws -> Result {
  try await withTemporaryDirectory { directory in
    let store = try LocalStore(directory: directory, seed: seed)
    let log = HTTPServerEventLog()
    let server = try HTTPServer(
      onEvent: log.record,
      handler: wrap(
        ServerAPI(
          storage: .embedded(store: store, sessions: sessions, throttle: throttle),
          loginGate: loginGate
        ).router.handle))
    defer { server.stop() }
    let tokens = MemorySessionTokens(
      signedIn ? try sessions.start(for: Account.normalizedEmail(seed.account.email)).text : nil)
    let client = HTTPClient(baseURL: server.url, timeout: timeout, tokens: tokens)
    return try await body(
      FriendsServerFixture(
        store: store, sessions: sessions, server: server, log: log, client: client))
  }
}

/// Holds back the answer to the first request that `matches` until `open()` is called (or ten
/// seconds pass), so that a test can act while that request is in flight.
final class AnswerGate: Sendable {
  private let matches: @Sendable (HTTPRequest) -> Bool
  private let matched = Atomic<Bool>(false)
  private let opened = DispatchSemaphore(value: 0)

  init(holding matches: @escaping @Sendable (HTTPRequest) -> Bool) {
    self.matches = matches
  }

  /// `handler`, with the first matching request held at the gate.
  func wrap(_ handler: @escaping HTTPServer.Handler) -> HTTPServer.Handler {
    { [self] request in
      if matches(request), !matched.exchange(true, ordering: .relaxed) {
        _ = opened.wait(timeout: .now() + .seconds(10))
      }
      return handler(request)
    }
  }

  /// Lets the held request be answered.
  func open() { opened.signal() }
}

/// Runs `body` with a server whose every route answers with `reply`, and a client of it that
/// holds a session token (which this server does not check).
func withFixtureServer<Result>(
  replying reply: HTTPReply, timeout: Duration = hangBound,
  _ body: (HTTPClient, HTTPServerEventLog) async throws -> Result
) async throws -> Result {
  let log = HTTPServerEventLog()
  let server = try HTTPServer(onEvent: log.record) { _ in reply }
  defer { server.stop() }
  let tokens = MemorySessionTokens("fixture-token")
  return try await body(HTTPClient(baseURL: server.url, timeout: timeout, tokens: tokens), log)
}

/// The error `body` throws, or `nil` when it returns.
func thrownError<Value>(_ body: () async throws -> Value) async -> (any Error)? {
  do {
    _ = try await body()
    return nil
  } catch {
    return error
  }
}

/// The ``ServiceError`` `body` throws, or `nil` when it returns or throws something else.
func serviceError<Value>(_ body: () async throws -> Value) async -> ServiceError? {
  await thrownError(body) as? ServiceError
}

extension HTTPServerEvent {
  /// Whether this is a request arriving, for any connection.
  var isReceived: Bool {
    if case .received = self { return true }
    return false
  }
}
