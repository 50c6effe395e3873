import AppAPI
import Foundation
import LocalBackend
import Models
import PostgresClient
import ReactiveTesting
import TestSupport
import Testing

#if Postgres
  import PostgresBackend
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replicas behind a load balancer: reached through the balancer's name, with the client's
/// address in the `X-Forwarded-For` the balancer adds.
@Suite(
  .enabled(if: PostgresTestDatabase.url != nil, PostgresTestDatabase.unavailable),
  .timeLimit(.minutes(2)))
struct LoadBalancerTests {
  @Test func replicasAnswerTheBalancersNameAndTakeTheClientFromItsForwardedFor() async throws {
    #if Postgres
      try await PostgresTestDatabase.withDatabase { database in
        _ = try PostgresStore(url: database, seed: replicaSeed)
        let behind = ["--allowed-host", "friends.example", "--trusted-proxy", "127.0.0.1"]
        let a = try await ReplicaProcess.start(
          database: database.connectionString, arguments: behind)
        let b = try await ReplicaProcess.start(
          database: database.connectionString, arguments: behind)
        let plain = try await ReplicaProcess.start(database: database.connectionString)

        // What the balancer sends on: its own name as the Host, with or without a port.
        let credentials = try HTTPAPI.makeEncoder().encode(
          HTTPAPI.Credentials(
            email: StoreSeed.demoAccount.email, password: StoreSeed.demoPassword))
        let login = await BalancedRequest.send(
          "POST", "/login", to: a.url, host: "friends.example", body: credentials)
        expectEqual(login.status, 200, "\(login.text)")
        let token = try HTTPAPI.makeDecoder().decode(
          HTTPAPI.SessionBody.self, from: Data(login.text.utf8)
        ).token
        for host in ["friends.example", "friends.example:443", "FRIENDS.example:8080"] {
          let account = await BalancedRequest.send(
            "GET", "/account", to: b.url, host: host, token: token)
          expectEqual(account.status, 200, "Host: \(host): \(account.text)")
        }
        // A replica not told the name refuses it, and each refuses other names.
        #expect(
          await BalancedRequest.send(
            "GET", "/account", to: plain.url, host: "friends.example", token: token
          ).status == 421)
        #expect(
          await BalancedRequest.send(
            "GET", "/account", to: b.url, host: "evil.example", token: token
          ).status == 421)

        // Wrong passwords from one client through both replicas: each log names the client
        // the balancer forwarded for, which the throttle counts, not the balancer.
        let wrong = try HTTPAPI.makeEncoder().encode(
          HTTPAPI.Credentials(email: StoreSeed.demoAccount.email, password: "wrong"))
        for replica in [a, b] {
          let failed = await BalancedRequest.send(
            "POST", "/login", to: replica.url, host: "friends.example",
            forwardedFor: "198.51.100.1, 203.0.113.9", body: wrong)
          expectEqual(failed.status, 401)
        }
        #expect(
          await BalancedRequest.send(
            "POST", "/login", to: plain.url, host: "127.0.0.1:\(plain.url.port ?? 0)",
            forwardedFor: "203.0.113.10", body: wrong
          ).status == 401)
        for replica in [a, b] {
          #expect(
            await waitFor {
              replica.errorOutput.contains("event=login.failed status=401 client=203.0.113.9")
            },
            "\(replica.errorOutput)")
          #expect(!replica.errorOutput.contains("198.51.100.1"))
        }
        // Without a trusted proxy, the header is ignored: the peer is the client.
        #expect(
          await waitFor {
            plain.errorOutput.contains("event=login.failed status=401 client=127.0.0.1")
          },
          "\(plain.errorOutput)")
        #expect(!plain.errorOutput.contains("203.0.113.10"))
      }
    #endif
  }

  /// Waits until `condition` holds; false if a minute (a hang) passes first.
  private func waitFor(_ condition: @escaping @Sendable () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(60)
    while !condition() {
      guard ContinuousClock.now < deadline else { return false }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return true
  }
}

/// A request as a load balancer passes it on: to a replica's address, with the `Host` the
/// client used and an `X-Forwarded-For`, over a plain socket (URL loading systems do not let
/// a caller set `Host`).
enum BalancedRequest {
  struct Answer: Sendable {
    /// The status, or 0 when no answer came.
    var status: Int
    /// The body as text.
    var text: String
  }

  static func send(
    _ method: String, _ path: String, to server: URL, host: String, forwardedFor: String? = nil,
    token: String? = nil, body: Data = Data()
  ) async -> Answer {
    let port = UInt16(server.port ?? 0)
    var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n"
    if let forwardedFor { head += "X-Forwarded-For: \(forwardedFor)\r\n" }
    if let token { head += "Authorization: \(HTTPAPI.bearer(token))\r\n" }
    if !body.isEmpty {
      head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n"
    }
    let request = Data((head + "\r\n").utf8) + body
    return await onOwnThread { exchange(port: port, request) }
  }

  /// Sends `request` to `127.0.0.1:port` and reads until the server closes (it always does),
  /// giving up after 30 seconds without a byte.
  private static func exchange(port: UInt16, _ request: Data) -> Answer {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { return Answer(status: 0, text: "") }
    defer { close(descriptor) }
    var timeout = timeval(tv_sec: 30, tv_usec: 0)
    setsockopt(
      descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { return Answer(status: 0, text: "") }
    let sent = request.withUnsafeBytes { systemSend(descriptor, $0.baseAddress, $0.count) }
    guard sent == request.count else { return Answer(status: 0, text: "") }
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let count = recv(descriptor, &chunk, chunk.count, 0)
      guard count > 0 else { break }
      received += chunk[..<count]
    }
    let text = String(decoding: received, as: UTF8.self)
    let parts = text.components(separatedBy: "\r\n\r\n")
    let statusLine = parts.first?.split(separator: "\r\n").first ?? ""
    let status = statusLine.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return Answer(status: status, text: parts.dropFirst().joined(separator: "\r\n\r\n"))
  }
}

/// `send(2)`, under a name that ``BalancedRequest/send(_:_:to:host:forwardedFor:token:body:)``
/// does not hide.
private func systemSend(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  send(descriptor, bytes, count, 0)
}
