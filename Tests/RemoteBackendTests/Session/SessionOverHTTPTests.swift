import AppAPI
import Authentication
import Foundation
import LocalBackend
import Models
import ReactiveTesting
import RemoteBackend
import Services
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sessions on a real loopback socket: the server's answers with no token, a bad one, an
/// expired one and a good one, each client's own session, and logging out. Expiry runs on a
/// clock moved by hand.
@Suite(.timeLimit(.minutes(3))) struct SessionOverHTTPTests {
  private let ada = StoreSeed.demoAccount
  private let password = StoreSeed.demoPassword

  /// Every endpoint that needs a session, with a body where it takes one.
  private static let guarded: [(method: String, path: String, body: String?)] = [
    ("GET", "/account", nil), ("POST", "/logout", nil),
  ]

  @Test func withoutAValidTokenEveryEndpointButLoginAndPasswordResetAnswers401() async throws {
    try await withAppServer(signedIn: false) { fixture in
      let unknown = SessionToken.generate().text
      for authorization in [nil, "Bearer \(unknown)", "Bearer not-a-token", "Basic YWRhOng="] {
        for endpoint in Self.guarded {
          let answer = try await send(
            fixture.server.url, endpoint.method, endpoint.path, body: endpoint.body,
            authorization: authorization)
          expectEqual(answer.status, 401, "\(endpoint) with \(authorization ?? "no token")")
          expectEqual(answer.headers["WWW-Authenticate"]?.hasPrefix("Bearer"), true)
        }
      }
      #expect(try fixture.store.snapshot().generation == 1)
      let reset = try await send(
        fixture.server.url, "POST", "/password-reset", body: #"{"email": "a@b.co"}"#)
      expectEqual(reset.status, 204)
    }
  }

  @Test func aLoginsTokenOpensEveryEndpoint() async throws {
    try await withAppServer(signedIn: false) { fixture in
      let login = try await send(
        fixture.server.url, "POST", "/login",
        body: #"{"email": "ada@example.com", "password": "\#(password)"}"#)
      expectEqual(login.status, 200)
      let session = try HTTPAPI.makeDecoder().decode(HTTPAPI.SessionBody.self, from: login.body)
      expectEqual(session.account, ada)
      // 32 random bytes in URL-safe base64, kept by the server only as a digest.
      #expect(SessionToken(session.token) != nil)
      expectEqual(session.token.count, 43)
      #expect(try fixture.sessions.records.map(\.digest) == [SessionToken(session.token)!.digest])
      #expect(try fixture.sessions.records.first?.digest != session.token)
      for endpoint in Self.guarded where endpoint.path != "/logout" {
        let answer = try await send(
          fixture.server.url, endpoint.method, endpoint.path, body: endpoint.body,
          authorization: "Bearer \(session.token)")
        #expect((200..<300).contains(answer.status), "\(endpoint): \(answer.status)")
      }
      let logout = try await send(
        fixture.server.url, "POST", "/logout", authorization: "bearer  \(session.token)")
      expectEqual(logout.status, 204)
      let after = try await send(
        fixture.server.url, "GET", "/account", authorization: "Bearer \(session.token)")
      expectEqual(after.status, 401)
    }
  }

  @Test func eachClientHasItsOwnSession() async throws {
    try await withAppServer(signedIn: false) { fixture in
      let first = fixture.newClient()
      let second = fixture.newClient()
      _ = try await first.logIn(email: ada.email, password: password)
      #expect(try await first.accountStatus() == .authorized(ada))
      // The other client is still logged out.
      #expect(try await second.accountStatus() == .unavailable)

      _ = try await second.logIn(email: ada.email, password: password)
      #expect(first.tokens.load() != second.tokens.load())
      try await first.logOut()
      #expect(first.tokens.load() == nil)
      #expect(try await first.accountStatus() == .unavailable)
      // Logging one client out leaves the other logged in.
      #expect(try await second.accountStatus() == .authorized(ada))
    }
  }

  @Test func loggingInAgainEndsTheSessionOfTheTokenSent() async throws {
    try await withAppServer(signedIn: false) { fixture in
      let client = fixture.client
      _ = try await client.logIn(email: ada.email, password: password)
      let old = try #require(client.tokens.load())
      _ = try await client.logIn(email: ada.email, password: password)
      let new = try #require(client.tokens.load())
      #expect(old != new)
      #expect(try fixture.sessions.subject(for: old) == nil)
      #expect(try fixture.sessions.subject(for: new) == "ada@example.com")
      #expect(try fixture.sessions.records.count == 1)
    }
  }

  @Test func aSessionExpiresAfterThirtyDaysWithoutARequest() async throws {
    let clock = HandClock()
    let sessions = SessionStore<String>(now: { clock.now })
    try await withAppServer(sessions: sessions, signedIn: false) { fixture in
      let client = fixture.client
      _ = try await client.logIn(email: ada.email, password: password)
      // Each request keeps the session alive: 29 days apart, twice, is still inside the limit.
      for _ in 1...2 {
        clock.advance(29 * 24 * 3600)
        #expect(try await client.accountStatus() == .authorized(ada))
      }
      let token = try #require(client.tokens.load())
      clock.advance(30 * 24 * 3600)
      let expired = try await send(
        fixture.server.url, "GET", "/account", authorization: "Bearer \(token)")
      expectEqual(expired.status, 401)
      expectEqual(expired.headers["WWW-Authenticate"]?.contains("invalid_token"), true)
      #expect(
        (try? HTTPAPI.makeDecoder().decode(HTTPAPI.ErrorBody.self, from: expired.body))?.error
          == "Your session has expired; log in again.")
      // The client says so, and forgets the token: its status is then logged out.
      #expect(await serviceError { try await client.accountStatus() } == .sessionExpired)
      #expect(client.tokens.load() == nil)
      #expect(try await client.accountStatus() == .unavailable)
    }
  }

  @Test func anExpiredSessionsAccountStatusIsSessionExpiredOnce() async throws {
    let clock = HandClock()
    let sessions = SessionStore<String>(now: { clock.now })
    try await withAppServer(sessions: sessions, signedIn: false) { fixture in
      let client = fixture.client
      _ = try await client.logIn(email: ada.email, password: password)
      #expect(try await client.accountStatus() == .authorized(ada))
      clock.advance(30 * 24 * 3600)
      #expect(await serviceError { try await client.accountStatus() } == .sessionExpired)
      #expect(try await client.accountStatus() == .unavailable)
      // Logging out after the session ended is not an error.
      _ = try await client.logIn(email: ada.email, password: password)
      clock.advance(31 * 24 * 3600)
      try await client.logOut()
      #expect(client.tokens.load() == nil)
    }
  }

  /// An answer seen with URLSession, without HTTPClient's interpretation.
  private struct Answer {
    var status: Int
    var headers: [String: String]
    var body: Data
  }

  private func send(
    _ base: URL, _ method: String, _ target: String, body: String? = nil,
    authorization: String? = nil
  ) async throws -> Answer {
    let url = try #require(URL(string: base.absoluteString + target))
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.timeoutInterval = 5
    if let body {
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      request.httpBody = Data(body.utf8)
    }
    if let authorization { request.setValue(authorization, forHTTPHeaderField: "Authorization") }
    let (data, response) = try await URLSession.shared.data(for: request)
    let http = try #require(response as? HTTPURLResponse)
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      if let name = name as? String, let value = value as? String { headers[name] = value }
    }
    return Answer(status: http.statusCode, headers: headers, body: data)
  }
}
