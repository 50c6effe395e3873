import Authentication
import Foundation
import FriendsServer
import HTTPServer
import LocalBackend
import Models
import Synchronization
import Testing

/// The API's answers to requests an HTTPClient would never send, checked without sockets.
@Suite struct FriendsAPITests {
  private func withAPI(
    log: @escaping @Sendable (String) -> Void = { _ in },
    _ body: (FriendsAPI, URL) throws -> Void
  ) throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("friends-api-tests-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try body(FriendsAPI(store: try LocalStore(directory: directory), log: log), directory)
  }

  private struct Answer {
    var status: Int
    var headers: HTTPHeaders
    var json: Any?
    var error: String? { (json as? [String: Any])?["error"] as? String }
  }

  /// Sends a request with the token of a new session, or with `headers` alone when
  /// `signedIn` is false.
  private func send(
    _ api: FriendsAPI, _ method: HTTPMethod, _ target: String, body: String? = nil,
    signedIn: Bool = true, headers: HTTPHeaders = HTTPHeaders()
  ) throws -> Answer {
    var headers = headers
    if signedIn {
      headers.set(
        "Authorization", "Bearer " + (try api.sessions.start(for: StoreSeed.demoAccount).text))
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

  @Test func successfulAnswersAreJSONThatIsNotCached() throws {
    try withAPI { api, _ in
      let answer = try send(api, .get, "/friends/1")
      #expect(answer.status == 200)
      #expect(answer.headers["Content-Type"] == "application/json; charset=utf-8")
      #expect(answer.headers["Cache-Control"] == "no-store")
      let friend = answer.json as? [String: Any]
      #expect(friend?.keys.sorted() == ["firstName", "id", "lastName", "phoneNumber", "revision"])
    }
  }

  @Test func accountIsTheSessionsAccount() throws {
    try withAPI { api, _ in
      let answer = try send(api, .get, "/account")
      #expect(answer.status == 200)
      let account = (answer.json as? [String: Any])?["account"] as? [String: Any]
      #expect(account?["email"] as? String == "ada@example.com")
    }
  }

  @Test(arguments: [
    ("", #"Bearer realm="friends""#),
    ("Basic YWRhOmNvcnJlY3QgaG9yc2U=", #"Bearer realm="friends""#),
    ("Bearer", #"Bearer realm="friends""#),
    ("Bearer not-a-token", #"Bearer realm="friends", error="invalid_token""#),
    (
      "Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      #"Bearer realm="friends", error="invalid_token""#
    ),
  ])
  func everyEndpointButLoginAndPasswordResetNeedsASession(
    authorization: String, challenge: String
  ) throws {
    try withAPI { api, _ in
      let headers: HTTPHeaders = authorization.isEmpty ? [:] : ["Authorization": authorization]
      for (method, target, body) in [
        (HTTPMethod.get, "/account", ""), (.post, "/logout", ""), (.get, "/friends", ""),
        (.get, "/friends/1", ""), (.put, "/friends/1", Self.draft), (.delete, "/friends/1", ""),
        (.post, "/friends", Self.draft), (.get, "/search?q=a", ""), (.get, "/timeline", ""),
        (.get, "/people", ""), (.get, "/people/1/posts", ""),
      ] {
        let answer = try send(
          api, method, target, body: body, signedIn: false, headers: headers)
        #expect(answer.status == 401, "\(method) \(target)")
        #expect(answer.headers["WWW-Authenticate"] == challenge)
      }
      // Nothing was changed.
      #expect(try api.store.friends().count == 20)
      #expect(try api.store.friend(id: 1).firstName == "Liam")
      let reset = try send(
        api, .post, "/password-reset", body: #"{"email": "a@b.co"}"#, signedIn: false,
        headers: headers)
      #expect(reset.status == 204)
    }
  }

  @Test func datesAreISO8601() throws {
    try withAPI { api, _ in
      let answer = try send(api, .get, "/timeline?limit=1")
      let post = (answer.json as? [[String: Any]])?.first
      #expect(post?["date"] as? String == "2024-03-04T10:15:00Z")
    }
  }

  @Test(arguments: [
    ("", "the request body must be a JSON object"),
    ("{not json", "the request body must be a JSON object"),
    ("[]", "the request body must be a JSON object"),
    (#"{"firstName": "A", "lastName": "B"}"#, "the request body needs the field \"phoneNumber\""),
    (
      #"{"firstName": 1, "lastName": "B", "phoneNumber": "5550100"}"#,
      "the field \"firstName\" of the request body has the wrong type"
    ),
  ])
  func badBodiesGet400(body: String, message: String) throws {
    try withAPI { api, _ in
      let answer = try send(api, .post, "/friends", body: body)
      #expect(answer.status == 400)
      #expect(answer.error == message)
    }
  }

  @Test func identifiersMustBeWholeNumbers() throws {
    try withAPI { api, _ in
      for (method, target) in [
        (HTTPMethod.get, "/friends/abc"), (.delete, "/friends/1.5"), (.get, "/people/x/posts"),
      ] {
        let answer = try send(api, method, target)
        #expect(answer.status == 400)
        #expect(answer.error == "the identifier in the path must be a whole number")
      }
    }
  }

  @Test func pagingParametersAreChecked() throws {
    try withAPI { api, _ in
      let since = try send(api, .get, "/timeline?since_id=x")
      #expect(since.status == 400)
      #expect(since.error == "since_id must be a whole number")
      let max = try send(api, .get, "/timeline?max_id=")
      #expect(max.error == "max_id must be a whole number")
      let tooMany = try send(api, .get, "/timeline?limit=101")
      #expect(tooMany.error == "limit must be a whole number from 1 to 100")
      let most = try send(api, .get, "/timeline?limit=100")
      #expect(most.status == 200)
      #expect((most.json as? [Any])?.count == 100)
    }
  }

  @Test func unknownRoutesAndWrongMethodsGet404And405() throws {
    try withAPI { api, _ in
      let unknown = try send(api, .get, "/enemies")
      #expect(unknown.status == 404)
      let answer = try send(api, .patch, "/friends/1")
      #expect(answer.status == 405)
      #expect(answer.headers["Allow"] == "GET, PUT, DELETE")
      let login = try send(api, .get, "/login")
      #expect(login.status == 405)
    }
  }

  @Test func aDamagedStoreGives500WithoutItsPathAndLogsTheDetails() throws {
    let lines = LogLines()
    try withAPI(log: lines.append) { api, directory in
      try Data("{ damaged".utf8).write(to: directory.appendingPathComponent(LocalStore.fileName))
      let answer = try send(api, .get, "/friends")
      #expect(answer.status == 500)
      #expect(answer.error == "the server could not use its data; see its log")
      #expect(lines.all.count == 1)
      #expect(lines.all.first?.contains(directory.path) == true)
    }
  }
}

extension FriendsAPITests {
  fileprivate static let draft =
    #"{"firstName": "Eve", "lastName": "Doe", "phoneNumber": "5550100"}"#
}

/// Collects log lines from any thread.
private final class LogLines: Sendable {
  private let lines = Mutex<[String]>([])

  @Sendable func append(_ line: String) {
    lines.withLock { $0.append(line) }
  }

  var all: [String] { lines.withLock { $0 } }
}
