import Foundation
import HTTPServer
import LocalBackend
import Models
import RemoteBackend
import Testing

/// How HTTPClient reports servers that fail, lie, stall or are not there.
@Suite(.timeLimit(.minutes(1))) struct HTTPClientFailureTests {
  @Test func aServerErrorIsItsStatus() async throws {
    try await withFixtureServer(replying: .error(status: 500, message: "boom")) { client, _ in
      #expect(await serviceError { try await client.friends() } == .http(status: 500))
      #expect(await serviceError { try await client.logOut() } == .http(status: 500))
    }
  }

  @Test func statusesWithoutSpecialMeaningStayStatuses() async throws {
    try await withFixtureServer(replying: .error(status: 404, message: "gone")) { client, _ in
      #expect(await serviceError { try await client.people() } == .http(status: 404))
      #expect(await serviceError { try await client.friend(id: 3) } == .notFound(id: 3))
    }
    try await withFixtureServer(replying: .error(status: 401, message: "who?")) { client, _ in
      #expect(await serviceError { try await client.friends() } == .sessionExpired)
      #expect(
        await serviceError { try await client.logIn(email: "a@b.c", password: "12345678") }
          == .wrongCredentials)
    }
    try await withFixtureServer(replying: .response(HTTPResponse(status: 302))) { client, _ in
      #expect(await serviceError { try await client.friends() } == .http(status: 302))
    }
  }

  @Test func a400CarriesTheServersMessageWhenItHasOne() async throws {
    try await withFixtureServer(replying: .error(status: 400, message: "say please")) { client, _ in
      #expect(await serviceError { try await client.people() } == .invalid("say please"))
    }
    try await withFixtureServer(replying: .response(.text("nope", status: 400))) { client, _ in
      #expect(await serviceError { try await client.people() } == .http(status: 400))
    }
  }

  @Test func garbageJSONIsAMalformedResponse() async throws {
    try await withFixtureServer(replying: .garbageJSON) { client, _ in
      #expect(
        await serviceError { try await client.friends() }
          == .malformedResponse("expected a list of friends, but the body is not valid JSON"))
    }
  }

  @Test func jsonOfTheWrongShapeNamesTheField() async throws {
    let wrongType = HTTPReply.response(.json(Data(#"[{"id": "seven", "name": "x"}]"#.utf8)))
    try await withFixtureServer(replying: wrongType) { client, _ in
      #expect(
        await serviceError { try await client.people() }
          == .malformedResponse("expected a list of people, but \"[0].id\" is not of type Int"))
    }
    let missing = HTTPReply.response(.json(Data(#"{"id": 1, "firstName": "A"}"#.utf8)))
    try await withFixtureServer(replying: missing) { client, _ in
      #expect(
        await serviceError { try await client.friend(id: 1) }
          == .malformedResponse("expected a friend, but \"lastName\" is missing"))
    }
    let badDate = HTTPReply.response(
      .json(Data(#"[{"id":1,"authorId":1,"authorName":"A","text":"t","date":"yesterday"}]"#.utf8)))
    try await withFixtureServer(replying: badDate) { client, _ in
      let failure = await serviceError { try await client.timeline() }
      #expect(
        failure
          == .malformedResponse(
            "expected a page of posts, but \"[0].date\" is not valid: "
              + "\"yesterday\" is not an ISO 8601 date"))
    }
  }

  @Test func aLoginAnswerWithoutAnAccountOrAValidTokenIsMalformed() async throws {
    let account = #"{"displayName": "Ada", "email": "ada@example.com"}"#
    for (body, detail) in [
      (
        #"{"account": null, "token": "abc"}"#,
        "expected an account and a token, but \"account\" is null where"
      ),
      (#"{"account": \#(account)}"#, "expected an account and a token, but \"token\" is missing"),
      (
        #"{"account": \#(account), "token": "a\r\nX-Evil: 1"}"#,
        "the login answer has no valid token"
      ),
      (#"{"account": \#(account), "token": ""}"#, "the login answer has no valid token"),
    ] {
      try await withFixtureServer(replying: .response(.json(Data(body.utf8)))) { client, _ in
        let tokens = client.tokens
        tokens.remove("fixture-token")
        let error = await serviceError {
          try await client.logIn(email: "a@b.c", password: "12345678")
        }
        // (The name of the type a null stands in for differs between platforms.)
        guard case .malformedResponse(let text) = error, text.hasPrefix(detail) else {
          Issue.record("\(String(describing: error)) is not \"\(detail)…\"")
          return
        }
        #expect(tokens.load() == nil)
      }
    }
  }

  @Test func aServerThatNeverAnswersTimesOutAndTheConnectionIsClosed() async throws {
    try await withFixtureServer(replying: .neverAnswer, timeout: .milliseconds(300)) {
      client, log in
      let clock = ContinuousClock()
      let start = clock.now
      let failure = await serviceError { try await client.friends() }
      let elapsed = clock.now - start
      #expect(failure == .timedOut)
      #expect(elapsed >= .milliseconds(300))
      #expect(await log.contains(.clientClosed(connection: 1), within: .seconds(10)))
    }
  }

  @Test func aShortTimeoutDoesNotFireOnAFastAnswer() async throws {
    try await withFriendsServer(timeout: .milliseconds(300)) { fixture in
      for _ in 0..<3 {
        let people = try await fixture.client.people()
        #expect(people.count == StoreSeed.demoAuthors.count)
      }
    }
  }

  @Test func aRefusedConnectionIsUnreachable() async throws {
    // Take a free port from the system, then close it: nothing listens there any more.
    let server = try HTTPServer(router: HTTPRouter())
    let port = server.port
    server.stop()
    let client = HTTPClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!)
    #expect(
      await serviceError { try await client.friends() }
        == .unreachable("nothing accepted the connection at 127.0.0.1:\(port)"))
  }

  @Test func anUnknownHostIsUnreachable() async throws {
    // `.invalid` is reserved: no resolver finds a host under it.
    let client = HTTPClient(
      baseURL: URL(string: "http://friends.invalid:8080")!, timeout: .seconds(2))
    #expect(
      await serviceError { try await client.friends() }
        == .unreachable("no host is known by the name in friends.invalid:8080"))
  }

  @Test func aConnectionClosedWithoutAnAnswerIsAMalformedResponse() async throws {
    try await withFixtureServer(replying: .closeWithoutAnswer) { client, _ in
      #expect(
        await serviceError { try await client.friends() }
          == .malformedResponse("the server did not send a valid HTTP answer"))
    }
  }

  @Test func anAnswerCutShortIsAnUnreachableServerNamingIt() async throws {
    try await withFixtureServer(replying: .truncated(body: "[{\"id\"", promised: 500)) {
      client, _ in
      let failure = await serviceError { try await client.friends() }
      // The wording comes from the platform's networking library ("transfer closed with 494
      // bytes remaining to read" with libcurl); the server it names comes from the client.
      guard case .unreachable(let detail) = failure else {
        Issue.record("expected .unreachable, got \(String(describing: failure))")
        return
      }
      #expect(detail.contains("127.0.0.1:\(client.baseURL.port ?? 0)"))
    }
  }

  @Test func cancellingTheCallerCancelsTheRequestAndClosesTheConnection() async throws {
    try await withFixtureServer(replying: .neverAnswer, timeout: .seconds(10)) { client, log in
      let call = Task { try await client.friends() }
      let arrived = await log.firstEvent(timeout: .seconds(10)) { $0.isReceived }
      #expect(arrived == .received(connection: 1, method: .get, target: "/friends"))
      call.cancel()
      let failure = await thrownError { try await call.value }
      #expect(failure is CancellationError)
      #expect(await log.contains(.clientClosed(connection: 1), within: .seconds(10)))
    }
  }

  @Test func aCallInAnAlreadyCancelledTaskThrowsCancellation() async throws {
    try await withFriendsServer { fixture in
      let client = fixture.client
      let call = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return try await client.friends()
      }
      #expect(await thrownError { try await call.value } is CancellationError)
    }
  }
}
