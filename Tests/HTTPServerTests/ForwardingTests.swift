import Foundation
import HTTPServer
import ReactiveTesting
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The hosts a server answers besides its address, and the proxies whose `X-Forwarded-For`
/// it believes.
@Suite(.timeLimit(.minutes(1))) struct ForwardingTests {
  /// The answer to `GET target` with `headers` (none, after recording an issue, when the
  /// client cannot connect).
  private func get(_ server: HTTPServer, _ target: String, _ headers: [String]) -> RawResponse {
    var text = "GET \(target) HTTP/1.1\r\n"
    for header in headers { text += header + "\r\n" }
    do {
      return try RawClient.exchange(port: server.port, text + "\r\n")
    } catch {
      Issue.record(error)
      return RawResponse(bytes: [])
    }
  }

  @Test func theMachinesHostNameIsAnsweredWithThePort() async throws {
    var buffer = [CChar](repeating: 0, count: 256)
    expectEqual(gethostname(&buffer, buffer.count - 1), 0)
    let name = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    try await withServer(configuration: HTTPServerConfiguration()) { server, _ in
      expectEqual(get(server, "/hello", ["Host: \(name):\(server.port)"]).status, 200)
      expectEqual(get(server, "/hello", ["Host: \(name.uppercased()):\(server.port)"]).status, 200)
      expectEqual(get(server, "/hello", ["Host: \(name):1"]).status, 421)
      expectEqual(get(server, "/hello", ["Host: x\(name):\(server.port)"]).status, 421)
    }
  }

  @Test func aFurtherBareNameIsAnsweredWithAnyPortOrNone() async throws {
    var configuration = HTTPServerConfiguration()
    configuration.hostPolicy = .serverAddress(alsoAccepting: ["api.example", "pinned.example:81"])
    try await withServer(configuration: configuration) { server, _ in
      for host in ["api.example", "api.example:443", "API.Example:8080", "pinned.example:81"] {
        expectEqual(get(server, "/hello", ["Host: \(host)"]).status, 200, "Host: \(host)")
      }
      for host in ["evil.api.example", "api.example.evil", "pinned.example", "pinned.example:82"] {
        expectEqual(get(server, "/hello", ["Host: \(host)"]).status, 421, "Host: \(host)")
      }
      // The bare name is the server's own origin too.
      expectEqual(
        get(
          server, "/hello", ["Host: api.example", "Origin: http://api.example"]
        ).status, 200)
    }
  }

  @Test func xForwardedForIsIgnoredFromAPeerThatIsNoTrustedProxy() async throws {
    var configuration = lenient()
    configuration.trustedProxies = [IPv4Block("10.0.0.0/8")!]
    try await withServer(configuration: configuration) { server, _ in
      expectEqual(get(server, "/client", ["X-Forwarded-For: 203.0.113.9"]).body, "127.0.0.1")
    }
  }

  @Test func aTrustedProxysXForwardedForGivesTheNearestUntrustedAddress() async throws {
    var configuration = lenient()
    configuration.trustedProxies = [IPv4Block("127.0.0.1")!, IPv4Block("10.1.0.0/16")!]
    try await withServer(configuration: configuration) { server, _ in
      let cases: [([String], String)] = [
        (["X-Forwarded-For: 203.0.113.9"], "203.0.113.9"),
        // What the client wrote before its address reached a proxy is not believed.
        (["X-Forwarded-For: 198.51.100.1, 203.0.113.9"], "203.0.113.9"),
        // Proxies in a chain: the last address that is not one of them.
        (["X-Forwarded-For: 198.51.100.1, 203.0.113.9, 10.1.2.3"], "203.0.113.9"),
        (
          ["X-Forwarded-For: 198.51.100.1", "X-Forwarded-For: 203.0.113.9,10.1.2.3"], "203.0.113.9"
        ),
        (["X-Forwarded-For: 2001:db8::7"], "2001:db8::7"),
        // Not an address: the nearest proxy before it is the client.
        (["X-Forwarded-For: 198.51.100.1, not-an-address, 10.1.2.3"], "10.1.2.3"),
        (["X-Forwarded-For: <script>"], "127.0.0.1"),
        (["X-Forwarded-For: "], "127.0.0.1"),
        // Only proxies, or no header: the first of them.
        (["X-Forwarded-For: 10.1.0.1, 10.1.2.3"], "10.1.0.1"),
        ([], "127.0.0.1"),
      ]
      for (headers, client) in cases {
        expectEqual(get(server, "/client", headers).body, client, "\(headers)")
      }
    }
  }

  @Test func aTrustedProxyIsHeldToTheServersLimitOnlyNotTheClients() async throws {
    var configuration = lenient()
    configuration.maximumConnections = 10
    configuration.maximumConnectionsPerClient = 2
    configuration.trustedProxies = [IPv4Block("127.0.0.1")!]
    try await withServer(configuration: configuration) { server, log in
      var holders: [RawClient] = []
      for connection in 1...3 {
        let holder = try RawClient(port: server.port)
        holder.send("GET /hang HTTP/1.1\r\n\r\n")
        holders.append(holder)
        #expect(
          await log.contains(
            .received(connection: connection, method: .get, target: "/hang"),
            within: .seconds(10)))
      }
      expectEqual(get(server, "/hello", []).status, 200)
      expectEqual(holders.count, 3)
    }
  }

  @Test func blocksAreReadStrictly() {
    expectEqual(IPv4Block("10.0.0.0/8")?.description, "10.0.0.0/8")
    expectEqual(IPv4Block("192.0.2.7")?.description, "192.0.2.7")
    expectEqual(IPv4Block("0.0.0.0/0")?.contains("198.51.100.1"), true)
    expectEqual(IPv4Block("10.0.0.0/8")?.contains("10.255.1.2"), true)
    expectEqual(IPv4Block("10.0.0.0/8")?.contains("11.0.0.1"), false)
    expectEqual(IPv4Block("192.0.2.7")?.contains("192.0.2.8"), false)
    for text in [
      "", "10", "10.0.0", "10.0.0.0.0", "256.0.0.1", "10.0.0.01", "10.0.0.0/33", "10.0.0.0/",
      "10.0.0.1/8", "a.b.c.d", " 10.0.0.1", "10.0.0.0/-1", "::1", "10.0.0.0/8/8",
    ] {
      #expect(IPv4Block(text) == nil, "\(text)")
    }
  }
}
