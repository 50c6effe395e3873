import Foundation
import HTTPServer
import ReactiveTesting
import Testing

/// Slow and idle clients on a real socket: the deadline for the request head, the cap per
/// client address, and the oldest waiting connection closed when the server is full.
@Suite(.timeLimit(.minutes(1))) struct SlowClientTests {
  @Test func aHeadTrickledPastItsDeadlineGets408() async throws {
    var configuration = lenient()
    configuration.requestHeadTimeout = .milliseconds(300)
    try await withServer(configuration: configuration) { server, log in
      let client = try RawClient(port: server.port)
      let start = ContinuousClock.now
      client.send("GET /hello HTTP/1.1\r\n")
      // One header line every 50 ms, until the server answers (at most 4 s of them).
      let trickle = Thread {
        for _ in 0..<80 {
          Thread.sleep(forTimeInterval: 0.05)
          if !client.send("X-Slow: 1\r\n") { return }
        }
      }
      trickle.start()
      let response = client.readResponse()
      let elapsed = ContinuousClock.now - start
      expectEqual(response.status, 408)
      expectEqual(
        response.body, #"{"error":"the request line and header fields took too long to arrive"}"#)
      #expect(elapsed >= .milliseconds(250))
      #expect(elapsed < .seconds(3))
      #expect(await log.contains(.rejected(connection: 1, status: 408), within: .seconds(10)))
    }
  }

  @Test func aClientThatSendsNothingIsClosedAtTheHeadDeadline() async throws {
    var configuration = lenient()
    configuration.requestHeadTimeout = .milliseconds(200)
    try await withServer(configuration: configuration) { server, log in
      let client = try RawClient(port: server.port)
      let start = ContinuousClock.now
      #expect(client.readAll().isEmpty)
      #expect(ContinuousClock.now - start < .seconds(2))
      #expect(await log.contains(.closed(connection: 1), within: .seconds(10)))
    }
  }

  @Test func theHeadDeadlineIsFiveSecondsByDefault() {
    expectEqual(HTTPServerConfiguration().requestHeadTimeout, .seconds(5))
  }

  @Test func aClientAtItsCapWithEveryConnectionBusyGets503() async throws {
    var configuration = lenient()
    configuration.maximumConnections = 10
    configuration.maximumConnectionsPerClient = 2
    try await withServer(configuration: configuration) { server, log in
      var holders: [RawClient] = []
      for connection in 1...2 {
        let holder = try RawClient(port: server.port)
        holder.send("GET /hang HTTP/1.1\r\n\r\n")
        holders.append(holder)
        #expect(
          await log.contains(
            .received(connection: connection, method: .get, target: "/hang"),
            within: .seconds(10)))
      }
      let response = try RawClient.exchange(port: server.port, "GET /hello HTTP/1.1\r\n\r\n")
      expectEqual(response.status, 503)
      #expect(
        response.body == #"{"error":"too many connections from your address; try again"}"#)
      #expect(await log.contains(.rejected(connection: 3, status: 503), within: .seconds(10)))
      expectEqual(holders.count, 2)
    }
  }

  @Test func aClientAtItsCapLosesItsOldestWaitingConnection() async throws {
    var configuration = lenient()
    configuration.maximumConnections = 10
    configuration.maximumConnectionsPerClient = 2
    try await evictsTheOldestWaitingConnection(configuration)
  }

  @Test func aFullServerClosesTheOldestWaitingConnectionForANewOne() async throws {
    var configuration = lenient()
    configuration.maximumConnections = 2
    try await evictsTheOldestWaitingConnection(configuration)
  }

  /// Two connections wait (one has sent half its head); a third request is served, the
  /// first connection gets 503 and the second can still finish its request.
  private func evictsTheOldestWaitingConnection(
    _ configuration: HTTPServerConfiguration
  ) async throws {
    try await withServer(configuration: configuration) { server, log in
      let oldest = try RawClient(port: server.port)
      oldest.send("GET /hel")
      // The server accepts connections in the order they were made, so these two come first.
      let second = try RawClient(port: server.port)
      let third = try RawClient.exchange(port: server.port, "GET /hello HTTP/1.1\r\n\r\n")
      expectEqual(third.status, 200)
      let evicted = oldest.readResponse()
      expectEqual(evicted.status, 503)
      #expect(
        evicted.body
          == #"{"error":"the server is full and closed this idle connection; try again"}"#)
      #expect(await log.contains(.rejected(connection: 1, status: 503), within: .seconds(10)))
      second.send("GET /items/2 HTTP/1.1\r\n\r\n")
      expectEqual(second.readResponse().body, "item 2")
    }
  }
}
