import Foundation
import HTTPServer
import Models
import ReactiveTesting
import RemoteBackend
import Testing

/// How HTTPClient reports servers that fail, lie, stall or are not there.
@Suite(.timeLimit(.minutes(3))) struct HTTPClientFailureTests {
  @Test func aServerErrorIsItsStatusWithTheServersOwnSentence() async throws {
    try await withFixtureServer(replying: .error(status: 500, message: "boom")) { client, _ in
      let error = await serviceError { try await client.accountStatus() }
      expectEqual(error, .http(status: 500, message: "boom"))
      expectEqual(error?.description, "boom (HTTP status 500)")
      #expect(
        await serviceError { try await client.logOut() } == .http(status: 500, message: "boom"))
    }
    let long = "a\u{1B}[31mb\n" + String(repeating: "x", count: 400)
    try await withFixtureServer(replying: .error(status: 503, message: long)) { client, _ in
      guard
        case .http(503, let message?)? = await serviceError({ try await client.accountStatus() })
      else {
        Issue.record("expected a 503 with a message")
        return
      }
      #expect(message.hasPrefix("a [31mb x"))
      expectEqual(message.count, 300)
    }
  }

  @Test func statusesWithoutSpecialMeaningStayStatuses() async throws {
    try await withFixtureServer(replying: .error(status: 404, message: "gone")) { client, _ in
      #expect(
        await serviceError { try await client.accountStatus() }
          == .http(status: 404, message: "gone"))
    }
    try await withFixtureServer(replying: .error(status: 401, message: "who?")) { client, _ in
      #expect(await serviceError { try await client.accountStatus() } == .sessionExpired)
      #expect(
        await serviceError { try await client.logIn(email: "a@b.c", password: "12345678") }
          == .wrongCredentials)
    }
    try await withFixtureServer(replying: .response(HTTPResponse(status: 302))) { client, _ in
      #expect(await serviceError { try await client.accountStatus() } == .http(status: 302))
    }
  }

  @Test func a400CarriesTheServersMessageWhenItHasOne() async throws {
    try await withFixtureServer(replying: .error(status: 400, message: "say please")) { client, _ in
      #expect(await serviceError { try await client.accountStatus() } == .invalid("say please"))
    }
    try await withFixtureServer(replying: .response(.text("nope", status: 400))) { client, _ in
      #expect(await serviceError { try await client.accountStatus() } == .http(status: 400))
    }
  }

  @Test func garbageJSONIsAMalformedResponse() async throws {
    try await withFixtureServer(replying: .garbageJSON) { client, _ in
      #expect(
        await serviceError { try await client.accountStatus() }
          == .malformedResponse("expected an account status, but the body is not valid JSON"))
    }
  }

  @Test func jsonOfTheWrongShapeNamesTheField() async throws {
    let wrongType = HTTPReply.response(
      .json(Data(#"{"account": {"email": 7, "displayName": "Ada"}}"#.utf8)))
    try await withFixtureServer(replying: wrongType) { client, _ in
      #expect(
        await serviceError { try await client.accountStatus() }
          == .malformedResponse(
            "expected an account status, but \"account.email\" is not of type String"))
    }
    let missing = HTTPReply.response(
      .json(Data(#"{"account": {"email": "ada@example.com"}}"#.utf8)))
    try await withFixtureServer(replying: missing) { client, _ in
      #expect(
        await serviceError { try await client.accountStatus() }
          == .malformedResponse(
            "expected an account status, but \"account.displayName\" is missing"))
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
      let failure = await serviceError { try await client.accountStatus() }
      let elapsed = clock.now - start
      expectEqual(failure, .timedOut)
      #expect(elapsed >= .milliseconds(300))
      #expect(await log.contains(.clientClosed(connection: 1), within: hangBound))
    }
  }

  @Test func aShortTimeoutDoesNotFireOnAFastAnswer() async throws {
    try await withAppServer(timeout: .milliseconds(300)) { fixture in
      for _ in 0..<3 {
        let status = try await fixture.client.accountStatus()
        #expect(status.account != nil)
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
      await serviceError { try await client.accountStatus() }
        == .unreachable("nothing accepted the connection at 127.0.0.1:\(port)"))
  }

  @Test func anUnknownHostIsUnreachable() async throws {
    // `.invalid` is reserved: no resolver finds a host under it.
    let client = HTTPClient(
      baseURL: URL(string: "http://friends.invalid:8080")!, timeout: .seconds(2))
    #expect(
      await serviceError { try await client.accountStatus() }
        == .unreachable("no host is known by the name in friends.invalid:8080"))
  }

  @Test func aConnectionClosedWithoutAnAnswerIsAMalformedResponse() async throws {
    try await withFixtureServer(replying: .closeWithoutAnswer) { client, _ in
      #expect(
        await serviceError { try await client.accountStatus() }
          == .malformedResponse("the server did not send a valid HTTP answer"))
    }
  }

  @Test func anAnswerCutShortIsUnreadableAndNamesTheServer() async throws {
    try await withFixtureServer(replying: .truncated(body: "[{\"id\"", promised: 500)) {
      client, _ in
      #expect(
        await serviceError { try await client.accountStatus() }
          == .malformedResponse(
            "the connection to 127.0.0.1:\(client.baseURL.port ?? 0) closed 494 bytes before the "
              + "end of the answer"))
    }
  }

  @Test func cancellingTheCallerCancelsTheRequestAndClosesTheConnection() async throws {
    try await withFixtureServer(replying: .neverAnswer, timeout: hangBound) { client, log in
      let call = Task { try await client.accountStatus() }
      let arrived = await log.firstEvent(timeout: hangBound) { $0.isReceived }
      expectEqual(arrived, .received(connection: 1, method: .get, target: "/account"))
      call.cancel()
      let failure = await thrownError { try await call.value }
      #expect(failure is CancellationError)
      #expect(await log.contains(.clientClosed(connection: 1), within: hangBound))
    }
  }

  @Test func aCallInAnAlreadyCancelledTaskThrowsCancellation() async throws {
    try await withAppServer { fixture in
      let client = fixture.client
      let call = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return try await client.accountStatus()
      }
      #expect(await thrownError { try await call.value } is CancellationError)
    }
  }
}
