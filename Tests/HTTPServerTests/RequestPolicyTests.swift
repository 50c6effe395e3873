import Foundation
import HTTPServer
import ReactiveTesting
import Testing

/// The default policies on a real socket: only the server's own host, no foreign web origin,
/// JSON bodies only; and each one configurable.
@Suite(.timeLimit(.minutes(1))) struct RequestPolicyTests {
  /// A raw request with the given header lines, and its answer (none, after recording an
  /// issue, when the client cannot connect).
  private func exchange(
    _ server: HTTPServer, _ requestLine: String, _ headers: [String], body: String = ""
  ) -> RawResponse {
    var text = requestLine + "\r\n"
    for header in headers { text += header + "\r\n" }
    if !body.isEmpty { text += "Content-Length: \(body.utf8.count)\r\n" }
    do {
      return try RawClient.exchange(port: server.port, text + "\r\n" + body)
    } catch {
      Issue.record(error)
      return RawResponse(bytes: [])
    }
  }

  @Test func theServersOwnAddressAndLocalhostWithThePortAreAnswered() async throws {
    try await withServer(configuration: HTTPServerConfiguration()) { server, _ in
      for host in [
        "127.0.0.1:\(server.port)", "localhost:\(server.port)", "LocalHost:\(server.port)",
      ] {
        let response = exchange(server, "GET /hello HTTP/1.1", ["Host: \(host)"])
        expectEqual(response.status, 200, "Host: \(host)")
      }
    }
  }

  @Test func anyOtherHostGets421() async throws {
    try await withServer(configuration: HTTPServerConfiguration()) { server, log in
      for host in ["evil.example", "evil.example:\(server.port)", "localhost", "127.0.0.1:1"] {
        let response = exchange(server, "GET /hello HTTP/1.1", ["Host: \(host)"])
        expectEqual(response.status, 421, "Host: \(host)")
        expectEqual(
          response.body, #"{"error":"this server does not answer for the host \"\#(host)\""}"#)
      }
      #expect(await log.contains(.rejected(connection: 1, status: 421), within: .seconds(10)))
      #expect(!log.events.contains { if case .received = $0 { true } else { false } })
    }
  }

  @Test func aRequestWithoutExactlyOneHostGets400() async throws {
    try await withServer(configuration: HTTPServerConfiguration()) { server, _ in
      let host = "Host: 127.0.0.1:\(server.port)"
      expectEqual(exchange(server, "GET /hello HTTP/1.1", []).status, 400)
      expectEqual(exchange(server, "GET /hello HTTP/1.0", []).status, 400)
      expectEqual(exchange(server, "GET /hello HTTP/1.1", [host, host]).status, 400)
    }
  }

  @Test func furtherHostsCanBeAcceptedOrAll() async throws {
    var configuration = HTTPServerConfiguration()
    configuration.hostPolicy = .serverAddress(alsoAccepting: ["friends.test:8080"])
    try await withServer(configuration: configuration) { server, _ in
      expectEqual(
        exchange(server, "GET /hello HTTP/1.1", ["Host: friends.test:8080"]).status, 200)
      expectEqual(exchange(server, "GET /hello HTTP/1.1", ["Host: friends.test"]).status, 421)
    }
    configuration.hostPolicy = .any
    try await withServer(configuration: configuration) { server, _ in
      expectEqual(exchange(server, "GET /hello HTTP/1.1", ["Host: evil.example"]).status, 200)
      expectEqual(exchange(server, "GET /hello HTTP/1.1", []).status, 200)
    }
  }

  @Test func theServersOwnOriginIsAccepted() async throws {
    try await withServer(configuration: HTTPServerConfiguration()) { server, _ in
      let host = "127.0.0.1:\(server.port)"
      for origin in ["http://\(host)", "http://localhost:\(server.port)"] {
        let response = exchange(
          server, "GET /hello HTTP/1.1", ["Host: \(host)", "Origin: \(origin)"])
        expectEqual(response.status, 200, "Origin: \(origin)")
      }
    }
  }

  @Test func aForeignOriginGets403EvenWithAJSONBody() async throws {
    try await withServer(configuration: HTTPServerConfiguration()) { server, log in
      let host = "Host: 127.0.0.1:\(server.port)"
      for origin in [
        "http://evil.example", "null", "https://127.0.0.1:\(server.port)", "http://127.0.0.1:1",
      ] {
        let response = exchange(
          server, "POST /echo HTTP/1.1",
          [host, "Origin: \(origin)", "Content-Type: application/json"],
          body: "{}")
        expectEqual(response.status, 403, "Origin: \(origin)")
        expectEqual(
          response.body, #"{"error":"requests from the origin \"\#(origin)\" are not allowed"}"#)
      }
      #expect(!log.events.contains { if case .received = $0 { true } else { false } })
    }
  }

  @Test func furtherOriginsCanBeAcceptedOrAll() async throws {
    var configuration = HTTPServerConfiguration()
    configuration.originPolicy = .sameOrigin(alsoAccepting: ["https://app.example"])
    try await withServer(configuration: configuration) { server, _ in
      let host = "Host: 127.0.0.1:\(server.port)"
      expectEqual(
        exchange(server, "GET /hello HTTP/1.1", [host, "Origin: https://app.example"]).status, 200)
      expectEqual(
        exchange(server, "GET /hello HTTP/1.1", [host, "Origin: https://other.example"])
          .status, 403)
    }
    configuration.originPolicy = .any
    try await withServer(configuration: configuration) { server, _ in
      let host = "Host: 127.0.0.1:\(server.port)"
      expectEqual(
        exchange(server, "GET /hello HTTP/1.1", [host, "Origin: http://evil.example"]).status, 200)
    }
  }

  @Test func aBodyThatIsNotJSONGets415() async throws {
    try await withServer(configuration: HTTPServerConfiguration()) { server, log in
      let host = "Host: 127.0.0.1:\(server.port)"
      let plain = exchange(
        server, "POST /echo HTTP/1.1", [host, "Content-Type: text/plain"], body: "{}")
      expectEqual(plain.status, 415)
      expectEqual(
        plain.body, #"{"error":"a request body must be application/json, not text/plain"}"#)
      let form = exchange(
        server, "PUT /items/1 HTTP/1.1", [host, "Content-Type: application/x-www-form-urlencoded"],
        body: "a=1")
      expectEqual(form.status, 415)
      let untyped = exchange(server, "POST /echo HTTP/1.1", [host], body: "{}")
      expectEqual(untyped.status, 415)
      expectEqual(
        untyped.body, #"{"error":"a request body needs a Content-Type of application/json"}"#)
      #expect(!log.events.contains { if case .received = $0 { true } else { false } })
    }
  }

  @Test func aJSONBodyWithParametersAndARequestWithoutBodyPass() async throws {
    try await withServer(configuration: HTTPServerConfiguration()) { server, _ in
      let host = "Host: 127.0.0.1:\(server.port)"
      let json = exchange(
        server, "POST /echo HTTP/1.1", [host, "Content-Type: Application/JSON; charset=utf-8"],
        body: "{}")
      expectEqual(json.status, 200)
      expectEqual(json.body, "{}")
      let empty = exchange(server, "POST /echo HTTP/1.1", [host, "Content-Length: 0"])
      expectEqual(empty.status, 200)
    }
  }

  @Test func theBodyTypesAreAConfigurablePolicy() async throws {
    var configuration = HTTPServerConfiguration()
    configuration.bodyTypePolicy = .only(["application/octet-stream"])
    try await withServer(configuration: configuration) { server, _ in
      let host = "Host: 127.0.0.1:\(server.port)"
      expectEqual(
        exchange(
          server, "POST /echo HTTP/1.1", [host, "Content-Type: application/octet-stream"],
          body: "x"
        ).status, 200)
      expectEqual(
        exchange(
          server, "POST /echo HTTP/1.1", [host, "Content-Type: application/json"], body: "{}"
        )
        .status, 415)
    }
    configuration.bodyTypePolicy = .any
    try await withServer(configuration: configuration) { server, _ in
      let host = "Host: 127.0.0.1:\(server.port)"
      expectEqual(exchange(server, "POST /echo HTTP/1.1", [host], body: "x").status, 200)
    }
  }
}
