import Foundation
import HTTPServer
import ReactiveTesting
import Testing

/// The server on real sockets, driven by a client that sends exact bytes.
@Suite struct HTTPServerTests {
  @Test func answersARequestAndReportsIt() async throws {
    try await withServer { server, log in
      let response = try RawClient.exchange(
        port: server.port, "GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
      expectEqual(response.status, 200)
      #expect(response.head.contains("Content-Length: 5"))
      #expect(response.head.contains("Connection: close"))
      expectEqual(response.body, "hello")
      #expect(await log.contains(.closed(connection: 1), within: .seconds(10)))
      expectEqual(
        log.events,
        [
          .received(connection: 1, method: .get, target: "/hello"),
          .responded(connection: 1, status: 200),
          .closed(connection: 1),
        ])
    }
  }

  @Test func aRequestCarriesItsClientsAddressButNotAForwardedOne() async throws {
    try await withServer { server, _ in
      let response = try RawClient.exchange(
        port: server.port,
        "GET /client HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 203.0.113.9\r\n\r\n")
      expectEqual(response.status, 200)
      expectEqual(response.body, "127.0.0.1")
    }
  }

  @Test func theURLNamesTheLoopbackAddressAndTheChosenPort() async throws {
    try await withServer { server, _ in
      #expect(server.port != 0)
      expectEqual(server.url.absoluteString, "http://127.0.0.1:\(server.port)")
    }
  }

  @Test func bodiesArriveIntactIncludingBinaryBytes() async throws {
    try await withServer { server, _ in
      let payload = (0..<70_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
      let client = try RawClient(port: server.port)
      client.send("POST /echo HTTP/1.1\r\nContent-Length: \(payload.count)\r\n\r\n")
      client.send(payload)
      let response = client.readResponse()
      expectEqual(response.status, 200)
      expectEqual(Array(response.bodyBytes), payload)
    }
  }

  @Test func aClientExpecting100ContinueGetsItBeforeSendingTheBody() async throws {
    try await withServer { server, _ in
      let client = try RawClient(port: server.port)
      client.send(
        "POST /echo HTTP/1.1\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
      var interim: [UInt8] = []
      var byte = [UInt8](repeating: 0, count: 1)
      while !String(decoding: interim, as: UTF8.self).hasSuffix("\r\n\r\n") {
        guard recv(client.descriptor, &byte, 1, 0) == 1 else { break }
        interim.append(byte[0])
      }
      expectEqual(String(decoding: interim, as: UTF8.self), "HTTP/1.1 100 Continue\r\n\r\n")
      client.send("ping")
      let response = client.readResponse()
      expectEqual(response.status, 200)
      expectEqual(response.body, "ping")
    }
  }

  @Test func queryAndPathParametersReachTheHandler() async throws {
    try await withServer { server, _ in
      let item = try RawClient.exchange(port: server.port, "GET /items/42 HTTP/1.1\r\n\r\n")
      expectEqual(item.body, "item 42")
      let query = try RawClient.exchange(
        port: server.port, "GET /query?a=1&b=two+words&c=%26 HTTP/1.1\r\n\r\n")
      expectEqual(query.body, "a=1|b=two words|c=&")
    }
  }

  @Test(arguments: [
    "GARBAGE\r\n\r\n",
    "GET\r\n\r\n",
    "GET /hello HTTP/1.1 trailing\r\n\r\n",
    "GET hello HTTP/1.1\r\n\r\n",
    "GET /hello HTTP/1.1\r\nno-colon\r\n\r\n",
    "POST /echo HTTP/1.1\r\nContent-Length: abc\r\n\r\n",
    "GET /bad%zzpath HTTP/1.1\r\n\r\n",
    "\u{01}\u{02}\u{03}\r\n\r\n",
  ])
  func malformedRequestsGet400AndTheServerKeepsWorking(request: String) async throws {
    try await withServer { server, log in
      let response = try RawClient.exchange(port: server.port, request)
      expectEqual(response.status, 400)
      #expect(response.head.contains("Content-Type: application/json"))
      let body = try JSONSerialization.jsonObject(with: Data(response.body.utf8))
      expectEqual((body as? [String: String])?["error"]?.isEmpty, false)
      #expect(await log.contains(.rejected(connection: 1, status: 400), within: .seconds(10)))
      let next = try RawClient.exchange(port: server.port, "GET /hello HTTP/1.1\r\n\r\n")
      expectEqual(next.body, "hello")
    }
  }

  @Test func aDeclaredBodyOverTheLimitGets413WithoutBeingRead() async throws {
    let configuration = lenient(HTTPServerConfiguration(maximumBodyBytes: 1000))
    try await withServer(configuration: configuration) { server, log in
      let client = try RawClient(port: server.port)
      client.send("POST /echo HTTP/1.1\r\nContent-Length: 1001\r\n\r\n")
      client.send([UInt8](repeating: 65, count: 1001))
      let response = client.readResponse()
      expectEqual(response.status, 413)
      #expect(response.body.contains("the limit is 1000"))
      #expect(await log.contains(.rejected(connection: 1, status: 413), within: .seconds(10)))
      #expect(!log.events.contains { if case .received = $0 { true } else { false } })
    }
  }

  @Test func aBodyAtTheLimitIsAccepted() async throws {
    let configuration = lenient(HTTPServerConfiguration(maximumBodyBytes: 1000))
    try await withServer(configuration: configuration) { server, _ in
      let client = try RawClient(port: server.port)
      client.send("POST /echo HTTP/1.1\r\nContent-Length: 1000\r\n\r\n")
      client.send([UInt8](repeating: 65, count: 1000))
      let response = client.readResponse()
      expectEqual(response.status, 200)
      expectEqual(response.body.count, 1000)
    }
  }

  @Test func anOversizedBodyIsAnsweredEvenWhileTheClientKeepsSending() async throws {
    let configuration = lenient(HTTPServerConfiguration(maximumBodyBytes: 1024))
    try await withServer(configuration: configuration) { server, _ in
      let client = try RawClient(port: server.port)
      let body = [UInt8](repeating: 66, count: 512 * 1024)
      client.send("POST /echo HTTP/1.1\r\nContent-Length: \(body.count)\r\n\r\n")
      client.send(body)
      expectEqual(client.readResponse().status, 413)
    }
  }

  @Test func anOversizedHeadGets431() async throws {
    let configuration = lenient(HTTPServerConfiguration(maximumHeadBytes: 512))
    try await withServer(configuration: configuration) { server, log in
      let padding = String(repeating: "a", count: 600)
      let response = try RawClient.exchange(
        port: server.port, "GET /hello HTTP/1.1\r\nX-Padding: \(padding)\r\n\r\n")
      expectEqual(response.status, 431)
      #expect(await log.contains(.rejected(connection: 1, status: 431), within: .seconds(10)))
    }
  }

  @Test func aHeadThatNeverEndsGets431OnceItIsTooLong() async throws {
    let configuration = lenient(HTTPServerConfiguration(maximumHeadBytes: 256))
    try await withServer(configuration: configuration) { server, _ in
      let client = try RawClient(port: server.port)
      client.send("GET /hello HTTP/1.1\r\n" + String(repeating: "X-A: b\r\n", count: 100))
      expectEqual(client.readResponse().status, 431)
    }
  }

  @Test func unknownRoutesGet404() async throws {
    try await withServer { server, _ in
      let response = try RawClient.exchange(port: server.port, "GET /nowhere HTTP/1.1\r\n\r\n")
      expectEqual(response.status, 404)
      #expect(response.body == #"{"error":"there is nothing at /nowhere"}"#)
    }
  }

  @Test func wrongMethodsGet405WithAllow() async throws {
    try await withServer { server, _ in
      let response = try RawClient.exchange(
        port: server.port, "PUT /items/3 HTTP/1.1\r\nContent-Length: 0\r\n\r\n")
      expectEqual(response.status, 405)
      #expect(response.head.contains("Allow: GET, DELETE"))
    }
  }

  @Test func aSlowRequestGets408() async throws {
    let configuration = lenient(HTTPServerConfiguration(requestTimeout: .milliseconds(200)))
    try await withServer(configuration: configuration) { server, log in
      let client = try RawClient(port: server.port)
      client.send("GET /hello HTTP/1.1\r\n")
      expectEqual(client.readResponse().status, 408)
      #expect(await log.contains(.rejected(connection: 1, status: 408), within: .seconds(10)))
    }
  }

  @Test func aClientThatLeavesMidRequestIsReported() async throws {
    try await withServer { server, log in
      let client = try RawClient(port: server.port)
      client.send("POST /echo HTTP/1.1\r\nContent-Length: 10\r\n\r\nabc")
      client.finishSending()
      #expect(client.readAll().isEmpty)
      #expect(await log.contains(.clientClosed(connection: 1), within: .seconds(10)))
    }
  }

  @Test func manyClientsAtOnceAreAllAnswered() async throws {
    try await withServer { server, _ in
      let port = server.port
      let bodies = try await withThrowingTaskGroup(of: String.self) { group in
        for index in 0..<16 {
          group.addTask {
            try RawClient.exchange(port: port, "GET /items/\(index) HTTP/1.1\r\n\r\n").body
          }
        }
        return try await group.reduce(into: Set<String>()) { $0.insert($1) }
      }
      expectEqual(bodies, Set((0..<16).map { "item \($0)" }))
    }
  }

  @Test func aFullServerTurnsAwayTheNextConnectionWith503() async throws {
    let configuration = lenient(HTTPServerConfiguration(maximumConnections: 1))
    try await withServer(configuration: configuration) { server, log in
      let holder = try RawClient(port: server.port)
      holder.send("GET /hang HTTP/1.1\r\n\r\n")
      #expect(
        await log.contains(
          .received(connection: 1, method: .get, target: "/hang"), within: .seconds(10)))
      let response = try RawClient.exchange(port: server.port, "GET /hello HTTP/1.1\r\n\r\n")
      expectEqual(response.status, 503)
      #expect(await log.contains(.rejected(connection: 2, status: 503), within: .seconds(10)))
    }
  }

  @Test func stoppingClosesOpenConnectionsAndTheListeningSocket() async throws {
    let log = HTTPServerEventLog()
    let server = try HTTPServer(onEvent: log.record, router: testRouter())
    let waiting = try RawClient(port: server.port)
    waiting.send("GET /hang HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
    #expect(
      await log.contains(
        .received(connection: 1, method: .get, target: "/hang"), within: .seconds(10)))
    let idle = try RawClient(port: server.port)
    server.stop()
    #expect(waiting.readAll().isEmpty)
    #expect(idle.readAll().isEmpty)
    expectEqual(log.events.last.map { if case .closed = $0 { true } else { false } }, true)
    #expect(throws: RawClientError.self) { _ = try RawClient(port: server.port) }
    server.stop()
  }

  @Test func aPortInUseCannotBeListenedOn() async throws {
    try await withServer { server, _ in
      #expect(
        throws: HTTPServerError.cannotListen(
          host: "127.0.0.1", port: server.port, reason: "bind: Address already in use")
      ) {
        _ = try HTTPServer(
          configuration: HTTPServerConfiguration(port: server.port), router: HTTPRouter())
      }
    }
  }

  @Test func aHostThatIsNotAnIPv4AddressIsRefused() {
    #expect(throws: HTTPServerError.invalidHost("localhost")) {
      _ = try HTTPServer(
        configuration: HTTPServerConfiguration(host: "localhost"), router: HTTPRouter())
    }
  }
}
