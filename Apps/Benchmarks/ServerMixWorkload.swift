import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The server workloads: `friends-server` processes started from this build's folder, asked by
// n concurrent clients for a read-mostly mix of the demo's endpoints for a few seconds: 9
// reads (the friends list and a page of the timeline, in turn) for every write (a friend's
// fields saved over, so that the data keeps its size). Each request is a new connection, as
// the server closes each after its answer. The lines give requests a second over every
// client, the 50th and 99th percentile of the answers' times, and how many answers were not
// a success.
//
// SV-embedded runs one server on the embedded store in a new data directory. SV-pg-1 and
// SV-pg-2 run one and two replicas on the PostgreSQL database named by
// `BENCHMARK_DATABASE_URL` (given to the servers as `DATABASE_URL`), the clients spread over
// the replicas in turn; they need both executables built with the trait:
//
//   swift build -c release --traits Postgres
//   BENCHMARK_DATABASE_URL=postgresql:///bench?host=/tmp/pg \
//     swift run -c release --traits Postgres benchmarks SV-embedded SV-pg-1 SV-pg-2

/// How long a server workload warms up, then measures, in seconds: shorter for a quick run
/// (one with `--n`).
func durations(_ options: RunOptions) -> (warmUp: Double, measured: Double) {
  options.size == nil ? (1, 5) : (0.2, 1)
}

/// The app's server under a read-mostly mix: on the embedded store, then on PostgreSQL with
/// one and two replicas.
let serverMixWorkloads: [Workload] =
  [
    Workload(
      id: "SV-embedded", size: 50,
      summary: "server on the embedded store: n clients, 90% reads, 10% writes",
      execute: runEmbeddedServerMix),
    Workload(
      id: "SV-pg-1", size: 50, summary: "the same on PostgreSQL (BENCHMARK_DATABASE_URL)",
      execute: runPostgresServerMix(replicas: 1)),
    Workload(
      id: "SV-pg-2", size: 50, summary: "the same on two replicas sharing the database",
      execute: runPostgresServerMix(replicas: 2)),
  ]

/// SV-embedded: one server on the embedded store.
func runEmbeddedServerMix(_ options: RunOptions) throws -> String {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("server-mix-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: directory) }
  let server = try ServerProcess(arguments: ["--data-dir", directory.path], environment: [:])
  defer { server.stop() }
  return try serverMix(
    "SV-embedded", ports: [server.port], clients: options.size ?? 50, durations(options))
}

/// SV-pg-N: `replicas` servers on one PostgreSQL database.
func runPostgresServerMix(replicas: Int) -> @Sendable (RunOptions) throws -> String {
  { options in
    let id = "SV-pg-\(replicas)"
    guard let url = ProcessInfo.processInfo.environment["BENCHMARK_DATABASE_URL"], !url.isEmpty
    else {
      return line(
        id, n: options.size ?? 50,
        fields: ["not run: set BENCHMARK_DATABASE_URL (see Apps/Benchmarks/README.md)"])
    }
    var servers: [ServerProcess] = []
    defer { for server in servers { server.stop() } }
    for _ in 0..<replicas {
      servers.append(try ServerProcess(arguments: [], environment: ["DATABASE_URL": url]))
    }
    return try serverMix(
      id, ports: servers.map(\.port), clients: options.size ?? 50, durations(options))
  }
}

/// One request of a server workload: request number `step` to the server at `port`, with the
/// session's token and the identifier of the demo's first friend.
typealias ServerRequest =
  @Sendable (
    _ step: Int, _ port: UInt16, _ token: String, _ friendId: Int
  ) -> [UInt8]

/// Logs in on the first server, then runs the mix (or the requests `request` makes) against
/// `ports` with `clients` threads.
func serverMix(
  _ id: String, ports: [UInt16], clients: Int, _ durations: (warmUp: Double, measured: Double),
  request makeRequest: @escaping ServerRequest = mixRequest
) throws -> String {
  let (warmUp, measured) = durations
  let token = try logIn(port: ports[0])
  let friendId = try firstFriendId(port: ports[0], token: token)
  let results = MixResults()
  let deadline = monotonicNanoseconds() + UInt64((warmUp + measured) * 1e9)
  let measuredFrom = monotonicNanoseconds() + UInt64(warmUp * 1e9)
  let threads = (0..<clients).map { client in
    Thread {
      let port = ports[client % ports.count]
      var latencies: [Double] = []
      var failures: [Int: Int] = [:]
      var step = client
      while monotonicNanoseconds() < deadline {
        let request = makeRequest(step, port, token, friendId)
        step += 1
        let start = monotonicNanoseconds()
        let status = exchange(port: port, request, from: clientAddress(client)).status
        let end = monotonicNanoseconds()
        guard start >= measuredFrom else { continue }
        latencies.append(Double(end - start) / 1e6)
        if !(200..<300).contains(status) { failures[status, default: 0] += 1 }
      }
      results.add(latencies, failures: failures)
    }
  }
  for thread in threads { thread.start() }
  while !results.isComplete(clients) { Thread.sleep(forTimeInterval: 0.05) }
  let (latencies, failures) = results.collected()
  let sorted = latencies.sorted()
  func percentile(_ p: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1)]
  }
  return line(
    id, n: clients,
    fields: [
      "\(format(Double(sorted.count) / measured, decimals: 0)) requests/s",
      "p50 \(format(percentile(0.50), decimals: 1)) ms",
      "p99 \(format(percentile(0.99), decimals: 1)) ms",
      "\(failures.values.reduce(0, +))/\(sorted.count) failed"
        + (failures.isEmpty
          ? ""
          : " ("
            + failures.sorted { $0.key < $1.key }.map {
              "\($0.key == 0 ? "none" : String($0.key)): \($0.value)"
            }
            .joined(separator: ", ") + ")"),
    ])
}

/// The loopback address client number `client` connects from. The server lets one address
/// hold 16 connections at once (see `HTTPServerConfiguration.maximumConnectionsPerClient`),
/// so on Linux, where all of 127.0.0.0/8 is the loopback, each client has an address of its
/// own, as separate users would; elsewhere they all share 127.0.0.1, and more than 16 of them
/// get some `503`s.
private func clientAddress(_ client: Int) -> String? {
  #if os(Linux)
    return "127.0.\(1 + client / 250).\(2 + client % 250)"
  #else
    return nil
  #endif
}

/// The mix's request number `step`: a write every tenth, else the friends list and a page of
/// the timeline in turn.
private func mixRequest(step: Int, port: UInt16, token: String, friendId: Int) -> [UInt8] {
  if step % 10 == 9 {
    let body = #"{"firstName":"Bench","lastName":"Mark \#(step)","phoneNumber":"555-0100"}"#
    return httpRequest("PUT", "/friends/\(friendId)", port: port, token: token, body: body)
  }
  let path = step % 2 == 0 ? "/friends" : "/timeline?limit=20"
  return httpRequest("GET", path, port: port, token: token, body: nil)
}

/// Logs in as the demo account; the session's token.
private func logIn(port: UInt16) throws -> String {
  let body = #"{"email":"ada@example.com","password":"correct horse"}"#
  let answer = exchange(
    port: port, httpRequest("POST", "/login", port: port, token: nil, body: body))
  struct Session: Decodable { var token: String }
  guard answer.status == 200,
    let session = try? JSONDecoder().decode(Session.self, from: answer.body)
  else { throw ServerMixError("logging in answered \(answer.status)") }
  return session.token
}

/// The identifier of the first friend in the list, which the mix's writes change.
private func firstFriendId(port: UInt16, token: String) throws -> Int {
  let answer = exchange(
    port: port, httpRequest("GET", "/friends", port: port, token: token, body: nil))
  struct Identified: Decodable { var id: Int }
  guard answer.status == 200,
    let first = (try? JSONDecoder().decode([Identified].self, from: answer.body))?.first
  else { throw ServerMixError("the friends list answered \(answer.status), or no friend") }
  return first.id
}

/// What every client measured, gathered as each finishes.
private final class MixResults: @unchecked Sendable {
  // `@unchecked Sendable`: every property is touched with `lock` held.
  private let lock = NSLock()
  private var latencies: [Double] = []
  private var failures: [Int: Int] = [:]
  private var finished = 0

  func add(_ measured: [Double], failures failed: [Int: Int]) {
    lock.withLock {
      latencies += measured
      failures.merge(failed, uniquingKeysWith: +)
      finished += 1
    }
  }

  func isComplete(_ clients: Int) -> Bool { lock.withLock { finished == clients } }

  func collected() -> ([Double], [Int: Int]) { lock.withLock { (latencies, failures) } }
}
