import AppServer
import Authentication
import Cryptography
import Foundation
import HTTPServer
import LocalBackend
import Models
import ReactiveTesting
import Testing

/// Sessions and the login throttle of the API, on each backend, on a clock moved by hand.
@Suite struct ServerLoginTests {
  static let day: TimeInterval = 24 * 60 * 60

  struct Answer {
    var status: Int
    var headers: HTTPHeaders
    var json: [String: Any]
    var token: String? { json["token"] as? String }
  }

  /// Sends `method target` with `token` as its bearer token, from `address`.
  static func send(
    _ api: ServerAPI, _ method: HTTPMethod, _ target: String, body: String = "",
    token: String? = nil, from address: String? = "192.0.2.1"
  ) throws -> Answer {
    var headers = HTTPHeaders()
    if let token { headers.set("Authorization", "Bearer " + token) }
    let request = try HTTPRequest(
      method: method, target: target, headers: headers, body: Data(body.utf8),
      clientAddress: address)
    guard case .response(let response) = api.handle(request) else {
      Issue.record("\(method) \(target) did not get a response")
      return Answer(status: 0, headers: HTTPHeaders(), json: [:])
    }
    let json = response.body.isEmpty ? nil : try JSONSerialization.jsonObject(with: response.body)
    return Answer(
      status: response.status, headers: response.headers, json: json as? [String: Any] ?? [:])
  }

  static func logIn(
    _ api: ServerAPI, email: String = "ada@example.com", password: String = "correct horse",
    from address: String? = "192.0.2.1"
  ) throws -> Answer {
    try send(
      api, .post, "/login", body: #"{"email": "\#(email)", "password": "\#(password)"}"#,
      from: address)
  }

  static func account(_ api: ServerAPI, _ token: String?) throws -> Int {
    try send(api, .get, "/account", token: token).status
  }

  // MARK: - Sessions

  @Test(arguments: ServerTestBackend.all)
  func sessionsSurviveARestart(backend: ServerTestBackend) throws {
    try backend.withContext { context in
      let token = try Self.logIn(ServerAPI(storage: try context.open())).token
      #expect(token != nil)
      context.clock.advance(Self.day)
      let restarted = ServerAPI(storage: try context.open())
      #expect(try Self.account(restarted, token) == 200)
    }
  }

  @Test(arguments: ServerTestBackend.all)
  func twoStoragesOnOnePlaceShareASessionAndItsLogout(backend: ServerTestBackend) throws {
    try backend.withContext { context in
      let first = ServerAPI(storage: try context.open())
      let second = ServerAPI(storage: try context.open())
      let token = try Self.logIn(first).token
      #expect(try Self.account(second, token) == 200)
      #expect(try Self.send(second, .post, "/logout", token: token).status == 204)
      #expect(try Self.account(first, token) == 401)
      #expect(try Self.account(second, token) == 401)
    }
  }

  @Test(arguments: ServerTestBackend.all)
  func theEleventhLoginOfAnAccountEndsItsFirstSession(backend: ServerTestBackend) throws {
    try backend.withContext { context in
      let api = ServerAPI(storage: try context.open())
      var tokens: [String?] = []
      for _ in 0..<11 {
        tokens.append(try Self.logIn(api).token)
        context.clock.advance(1)
      }
      #expect(try Self.account(api, tokens[0]) == 401)
      for token in tokens[1...] { #expect(try Self.account(api, token) == 200) }
      #expect(try api.storage.sessions.storage.all().count == 10)
    }
  }

  @Test(arguments: ServerTestBackend.all)
  func expiredSessionsAreSweptAtTheNextLoginAndByTheSweep(backend: ServerTestBackend) throws {
    try backend.withContext { context in
      let api = ServerAPI(storage: try context.open())
      let old = try Self.logIn(api).token
      context.clock.advance(31 * Self.day)
      let new = try Self.logIn(api).token
      let stored = try api.storage.sessions.storage.all()
      #expect(stored.map(\.digest) == [try #require(new.flatMap(SessionToken.init)).digest])
      #expect(try Self.account(api, old) == 401)
      context.clock.advance(31 * Self.day)
      #expect(try api.storage.sessions.sweepExpired() == 1)
      #expect(try api.storage.sessions.storage.all().isEmpty)
    }
  }

  @Test(arguments: ServerTestBackend.all)
  func aSessionOfAnAccountThatIsGoneGets401(backend: ServerTestBackend) throws {
    try backend.withContext { context in
      let api = ServerAPI(storage: try context.open())
      let token = try api.storage.sessions.start(for: "gone@example.com")
      #expect(try Self.account(api, token.text) == 401)
    }
  }

  @Test(arguments: ServerTestBackend.all)
  func theSessionsSubjectIsTheNormalizedEmail(backend: ServerTestBackend) throws {
    try backend.withContext { context in
      let api = ServerAPI(storage: try context.open())
      let answer = try Self.logIn(api, email: "  ADA@Example.com ")
      expectEqual(answer.status, 200)
      #expect(try api.storage.sessions.storage.all().map(\.subject) == ["ada@example.com"])
    }
  }

  // MARK: - Throttle

  @Test(arguments: ServerTestBackend.all)
  func tooManyFailuresFromOneAddressMakeItWaitWhileOthersMayTry(
    backend: ServerTestBackend
  ) throws {
    try backend.withContext { context in
      let api = ServerAPI(storage: try context.open())
      let rule = ServerStorage.addressRule
      // Each guess is for another address, so that only the client's address adds up.
      for guess in 1..<rule.maximumFailures {
        let answer = try Self.logIn(api, email: "nobody\(guess)@example.com", password: "x")
        expectEqual(answer.status, 401)
      }
      let last = try Self.logIn(api, email: "nobody@example.com", password: "x")
      expectEqual(last.status, 401)
      let refused = try Self.logIn(api)
      expectEqual(refused.status, 429)
      expectEqual(refused.headers["Retry-After"], "60")
      #expect(refused.json["retryAfter"] as? Int == 60)
      #expect(try Self.logIn(api, from: "192.0.2.2").status == 200)
      context.clock.advance(60)
      #expect(try Self.logIn(api).status == 200)
    }
  }

  @Test(arguments: ServerTestBackend.all)
  func tooManyWrongPasswordsForOneEmailMakeItWaitFromEveryAddress(
    backend: ServerTestBackend
  ) throws {
    try backend.withContext { context in
      let api = ServerAPI(storage: try context.open())
      for guess in 1...ServerStorage.emailRule.maximumFailures {
        let answer = try Self.logIn(api, password: "wrong", from: "198.51.100.\(guess)")
        expectEqual(answer.status, 401)
      }
      let refused = try Self.logIn(api, from: "203.0.113.7")
      expectEqual(refused.status, 429)
      expectEqual(refused.headers["Retry-After"], "30")
      // Another email from the same addresses is still allowed.
      #expect(try Self.logIn(api, email: "grace@example.com", from: "198.51.100.1").status == 401)
      context.clock.advance(30)
      #expect(try Self.logIn(api, from: "203.0.113.7").status == 200)
      // The success reset the email: four more failures do not make it wait.
      for _ in 1..<ServerStorage.emailRule.maximumFailures {
        #expect(try Self.logIn(api, password: "wrong", from: "203.0.113.8").status == 401)
      }
      #expect(try Self.logIn(api, from: "203.0.113.8").status == 200)
    }
  }

  // MARK: - Storage failures

  @Test(arguments: ServerTestBackend.all)
  func aStorageThatCannotBeReachedGets503WithRetryAfterAndOneLogLine(
    backend: ServerTestBackend
  ) throws {
    try backend.withContext { context in
      let lines = LogLines()
      let working = try context.open()
      let token = try Self.logIn(ServerAPI(storage: working)).token
      let failing = FailingSessions<String>()
      var storage = working
      storage.sessions = SessionStore(storage: failing, now: context.clock.reader)
      let api = ServerAPI(storage: storage, log: lines.append)
      for answer in [
        try Self.send(api, .get, "/account", token: token), try Self.logIn(api),
      ] {
        expectEqual(answer.status, 503)
        expectEqual(answer.headers["Retry-After"], "5")
        #expect(answer.json["error"] as? String != nil)
      }
      expectEqual(lines.all.count, 2)
      #expect(lines.all.allSatisfy { $0.contains("the test broke the sessions") })
      // The records' and accounts' own "unavailable" answers the same.
      storage = working
      storage.accounts = UnavailableAccounts()
      let noAccounts = ServerAPI(storage: storage, log: lines.append)
      #expect(try Self.logIn(noAccounts).status == 503)
      #expect(try Self.account(noAccounts, token) == 503)
      expectEqual(lines.all.count, 4)
    }
  }
}

/// A session storage that fails every call, as one whose engine is down.
struct FailingSessions<Subject: Hashable & Sendable & Codable>: SessionStorage {
  struct Broken: Error, CustomStringConvertible {
    var description: String { "the test broke the sessions" }
  }

  func insert(_ record: SessionRecord<Subject>, maximumPerSubject: Int, expiredBefore: Date)
    throws
  { throw Broken() }
  func use(digest: String, at time: Date, expiredBefore: Date, touchInterval: Duration) throws
    -> Subject?
  { throw Broken() }
  func remove(digest: String) throws { throw Broken() }
  func removeAll(for subject: Subject) throws { throw Broken() }
  func removeExpired(before expiredBefore: Date) throws -> Int { throw Broken() }
  func all() throws -> [SessionRecord<Subject>] { throw Broken() }
}

/// Accounts whose engine cannot be reached.
struct UnavailableAccounts: AccountStore {
  func credentials(email: String) throws(StoreError) -> (
    account: Account, passwordHash: PasswordHash
  )? {
    throw .unavailable("the test took the accounts away")
  }
}
