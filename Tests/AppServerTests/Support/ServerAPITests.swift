import AppServer
import Authentication
import Foundation
import HTTPServer
import LocalBackend
import Models
import ReactiveTesting
import Synchronization
import Testing

/// The API's answers to requests an HTTPClient would never send, checked without sockets.
@Suite struct ServerAPITests {
  /// Runs `body` with an API over a fresh storage of `backend`, and the test's context.
  func withAPI(
    _ backend: ServerTestBackend = .embedded, log: @escaping @Sendable (String) -> Void = { _ in },
    _ body: (ServerAPI, ServerTestContext) throws -> Void
  ) throws {
    try backend.withContext { context in
      try body(ServerAPI(storage: try context.open(), log: log), context)
    }
  }

  struct Answer {
    var status: Int
    var headers: HTTPHeaders
    var json: Any?
    var error: String? { (json as? [String: Any])?["error"] as? String }
  }

  /// Sends a request with the token of a new session, or with `headers` alone when
  /// `signedIn` is false.
  func send(
    _ api: ServerAPI, _ method: HTTPMethod, _ target: String, body: String? = nil,
    signedIn: Bool = true, headers: HTTPHeaders = HTTPHeaders()
  ) throws -> Answer {
    var headers = headers
    if signedIn {
      headers.set(
        "Authorization", "Bearer " + (try api.storage.sessions.start(for: "ada@example.com").text))
    }
    let request = try HTTPRequest(
      method: method, target: target, headers: headers, body: Data((body ?? "").utf8))
    guard case .response(let response) = api.handle(request) else {
      throw AnswerError(description: "\(method) \(target) did not get a response")
    }
    let json = response.body.isEmpty ? nil : try JSONSerialization.jsonObject(with: response.body)
    return Answer(status: response.status, headers: response.headers, json: json)
  }

  private struct AnswerError: Error, CustomStringConvertible {
    var description: String
  }

  @Test(arguments: ServerTestBackend.all)
  func successfulAnswersAreJSONThatIsNotCached(backend: ServerTestBackend) throws {
    try withAPI(backend) { api, _ in
      let answer = try send(api, .get, "/account")
      expectEqual(answer.status, 200)
      expectEqual(answer.headers["Content-Type"], "application/json; charset=utf-8")
      expectEqual(answer.headers["Cache-Control"], "no-store")
      expectEqual((answer.json as? [String: Any])?.keys.sorted(), ["account"])
    }
  }

  @Test(arguments: ServerTestBackend.all)
  func accountIsTheSessionsAccount(backend: ServerTestBackend) throws {
    try withAPI(backend) { api, _ in
      let answer = try send(api, .get, "/account")
      expectEqual(answer.status, 200)
      let account = (answer.json as? [String: Any])?["account"] as? [String: Any]
      #expect(account?["email"] as? String == "ada@example.com")
    }
  }

  @Test(arguments: [
    ("", #"Bearer realm="api""#),
    ("Basic YWRhOmNvcnJlY3QgaG9yc2U=", #"Bearer realm="api""#),
    ("Bearer", #"Bearer realm="api""#),
    ("Bearer not-a-token", #"Bearer realm="api", error="invalid_token""#),
    (
      "Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      #"Bearer realm="api", error="invalid_token""#
    ),
  ])
  func everyEndpointButLoginAndPasswordResetNeedsASession(
    authorization: String, challenge: String
  ) throws {
    for backend in ServerTestBackend.all {
      try withAPI(backend) { api, _ in
        let headers: HTTPHeaders = authorization.isEmpty ? [:] : ["Authorization": authorization]
        for (method, target, body) in [
          (HTTPMethod.get, "/account", ""), (.post, "/logout", ""),
        ] {
          let answer = try send(
            api, method, target, body: body, signedIn: false, headers: headers)
          expectEqual(answer.status, 401, "\(method) \(target)")
          expectEqual(answer.headers["WWW-Authenticate"], challenge)
        }
        // Nothing was changed.
        #expect(try api.storage.sessions.records.isEmpty)
        let reset = try send(
          api, .post, "/password-reset", body: #"{"email": "a@b.co"}"#, signedIn: false,
          headers: headers)
        expectEqual(reset.status, 204)
      }
    }
  }

  @Test(arguments: [
    ("", "the request body must be a JSON object"),
    ("{not json", "the request body must be a JSON object"),
    ("[]", "the request body must be a JSON object"),
    (#"{"email": "ada@example.com"}"#, "the request body needs the field \"password\""),
    (
      #"{"email": 1, "password": "correct horse"}"#,
      "the field \"email\" of the request body has the wrong type"
    ),
  ])
  func badBodiesGet400(body: String, message: String) throws {
    try withAPI { api, _ in
      let answer = try send(api, .post, "/login", body: body, signedIn: false)
      expectEqual(answer.status, 400)
      expectEqual(answer.error, message)
    }
  }

  @Test(arguments: ServerTestBackend.all)
  func unknownRoutesAndWrongMethodsGet404And405(backend: ServerTestBackend) throws {
    try withAPI(backend) { api, _ in
      let unknown = try send(api, .get, "/enemies")
      expectEqual(unknown.status, 404)
      let answer = try send(api, .patch, "/account")
      expectEqual(answer.status, 405)
      expectEqual(answer.headers["Allow"], "GET")
      let login = try send(api, .get, "/login")
      expectEqual(login.status, 405)
    }
  }

  @Test(arguments: ServerTestBackend.all)
  func aWrongPasswordGets401WithTheWordsBothFrontsShow(backend: ServerTestBackend) throws {
    try withAPI(backend) { api, _ in
      let answer = try send(
        api, .post, "/login", body: #"{"email": "ada@example.com", "password": "wrong horse"}"#,
        signedIn: false)
      expectEqual(answer.status, 401)
      // The same sentence as ServiceError.wrongCredentials, which the fronts show after
      // "Login failed: " on the embedded store and over HTTP alike.
      expectEqual(answer.error, "wrong email or password")
    }
  }

  @Test func aDamagedStoreGives500WithoutItsPathAndLogsTheDetails() throws {
    let lines = LogLines()
    try withAPI(log: lines.append) { api, context in
      let directory = context.directory
      try Data("{ damaged".utf8).write(to: directory.appendingPathComponent(LocalStore.fileName))
      let answer = try send(
        api, .post, "/login", body: #"{"email": "ada@example.com", "password": "correct horse"}"#,
        signedIn: false)
      expectEqual(answer.status, 500)
      expectEqual(answer.error, "the server could not use its data; see its log")
      expectEqual(lines.all.count, 1)
      expectEqual(lines.all.first?.contains(directory.path), true)
    }
  }
}

/// Collects log lines from any thread.
final class LogLines: Sendable {
  private let lines = Mutex<[String]>([])

  @Sendable func append(_ line: String) {
    lines.withLock { $0.append(line) }
  }

  var all: [String] { lines.withLock { $0 } }
}
