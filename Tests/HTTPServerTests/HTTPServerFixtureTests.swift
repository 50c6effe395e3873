import Foundation
import HTTPServer
import ReactiveTesting
import Testing

/// The replies that make the server misbehave on purpose, as client tests use them.
@Suite struct HTTPServerFixtureTests {
  @Test func neverAnswerHoldsTheConnectionUntilTheClientCloses() async throws {
    try await withServer { server, log in
      var client: RawClient? = try RawClient(port: server.port)
      client?.send("GET /hang HTTP/1.1\r\n\r\n")
      #expect(
        await log.contains(
          .received(connection: 1, method: .get, target: "/hang"), within: .seconds(10)))
      #expect(!log.events.contains(.clientClosed(connection: 1)))
      client = nil
      #expect(await log.contains(.clientClosed(connection: 1), within: .seconds(10)))
      #expect(await log.contains(.closed(connection: 1), within: .seconds(10)))
      #expect(!log.events.contains { if case .responded = $0 { true } else { false } })
    }
  }

  @Test func closeWithoutAnswerSendsNothing() async throws {
    try await withServer { server, log in
      let response = try RawClient.exchange(port: server.port, "GET /drop HTTP/1.1\r\n\r\n")
      #expect(response.bytes.isEmpty)
      #expect(await log.contains(.closed(connection: 1), within: .seconds(10)))
    }
  }

  @Test func rawRepliesAreSentVerbatim() async throws {
    try await withServer { server, _ in
      let response = try RawClient.exchange(port: server.port, "GET /raw HTTP/1.1\r\n\r\n")
      expectEqual(response.text, "not http at all")
    }
  }

  @Test func garbageJSONIsA200WhoseBodyNoParserAccepts() async throws {
    try await withServer { server, _ in
      let response = try RawClient.exchange(port: server.port, "GET /garbage HTTP/1.1\r\n\r\n")
      expectEqual(response.status, 200)
      #expect(response.head.contains("Content-Type: application/json"))
      #expect(throws: (any Error).self) {
        _ = try JSONSerialization.jsonObject(with: Data(response.body.utf8))
      }
    }
  }

  @Test func truncatedRepliesPromiseMoreThanTheySend() async throws {
    var router = HTTPRouter()
    router.get("/cut") { _ in .truncated(body: "[1, 2", promised: 100) }
    try await withServer(router: router) { server, _ in
      let response = try RawClient.exchange(port: server.port, "GET /cut HTTP/1.1\r\n\r\n")
      #expect(response.head.contains("Content-Length: 100"))
      expectEqual(response.body, "[1, 2")
    }
  }

  @Test func anEventLogTimesOutWhenTheEventNeverComes() async {
    let log = HTTPServerEventLog()
    #expect(await !log.contains(.closed(connection: 9), within: .milliseconds(50)))
    log.record(.closed(connection: 9))
    #expect(await log.contains(.closed(connection: 9), within: .milliseconds(50)))
  }
}
