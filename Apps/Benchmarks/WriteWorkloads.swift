import Foundation
import LocalBackend
import Models

// The write workloads: many writers at once, each waiting for its write to be acknowledged
// (on the disk) before the next, as the clients of a server are.
//
// S-add-concurrent: n threads adding friends to one open `LocalStore` (a store of the demo's
// 20 friends and 1,000 posts) for a few seconds; the writes a second over all threads, the
// writes each flush of the journal held (several writes waiting together share one flush),
// and the 50th and 99th percentile of one write's time.
//
// SV-write-embedded, SV-write-embedded-100k, SV-write-pg-1, SV-write-pg-2: n clients each
// adding friends through `friends-server` (`POST /friends`, authenticated, a new connection
// a request) on the embedded store in a new data directory, on one holding 100,000 friends
// already, and on PostgreSQL with one and two replicas (`BENCHMARK_DATABASE_URL`, as for
// SV-pg-1 and SV-pg-2).

/// The write workloads.
let writeWorkloads: [Workload] = [
  Workload(
    id: "S-add-concurrent", size: 32,
    summary: "n threads adding friends to one store: writes/s and writes per flush",
    execute: runConcurrentAdds),
  Workload(
    id: "SV-write-embedded", size: 32,
    summary: "server on the embedded store: n clients adding friends (POST /friends)",
    execute: runEmbeddedServerWrites(friends: 0)),
  Workload(
    id: "SV-write-embedded-100k", size: 32,
    summary: "the same on a store of 100,000 friends",
    execute: runEmbeddedServerWrites(friends: 100_000)),
  Workload(
    id: "SV-write-pg-1", size: 32, summary: "the same on PostgreSQL (BENCHMARK_DATABASE_URL)",
    execute: runPostgresServerWrites(replicas: 1)),
  Workload(
    id: "SV-write-pg-2", size: 32, summary: "the same on two replicas sharing the database",
    execute: runPostgresServerWrites(replicas: 2)),
]

/// S-add-concurrent: `n` threads adding friends to one store.
private func runConcurrentAdds(_ options: RunOptions) throws -> String {
  let writers = options.size ?? 32
  let directory = try TemporaryDirectory()
  defer { directory.remove() }
  _ = try LocalStore(
    directory: directory.url, seed: .demo(friendCount: 20, postCount: 1_000))
  let store = try LocalStore(directory: directory.url, seed: .empty)
  let (warmUp, measured) = durations(options)
  let start = monotonicNanoseconds()
  let measuredFrom = start + UInt64(warmUp * 1e9)
  let deadline = measuredFrom + UInt64(measured * 1e9)
  let results = WriteResults()
  let threads = (0..<writers).map { writer in
    Thread {
      var latencies: [Double] = []
      var failures = 0
      var number = 0
      while monotonicNanoseconds() < deadline {
        number += 1
        let draft = FriendDraft(
          firstName: "Writer\(writer)", lastName: "N\(number)", phoneNumber: "555 0100")
        let before = monotonicNanoseconds()
        let succeeded = (try? store.add(draft)) != nil
        let after = monotonicNanoseconds()
        guard before >= measuredFrom, after <= deadline else { continue }
        latencies.append(Double(after - before) / 1e6)
        if !succeeded { failures += 1 }
      }
      results.add(latencies, failures: failures)
    }
  }
  for thread in threads { thread.start() }
  // The flushes of the measured seconds: counted when they start and when they end.
  var flushesBefore: Int?
  var flushesAfter = 0
  while !results.isComplete(writers) {
    let now = monotonicNanoseconds()
    if flushesBefore == nil, now >= measuredFrom { flushesBefore = store.journalFlushes }
    if now < deadline { flushesAfter = store.journalFlushes }
    Thread.sleep(forTimeInterval: 0.001)
  }
  let (latencies, failures) = results.collected()
  let flushes = max(1, flushesAfter - (flushesBefore ?? 0))
  let sorted = latencies.sorted()
  return line(
    "S-add-concurrent", n: writers,
    fields: [
      "\(format(Double(sorted.count) / measured, decimals: 0)) writes/s",
      "\(format(Double(sorted.count) / Double(flushes), decimals: 1)) writes/flush",
      "p50 \(format(percentile(sorted, 0.50), decimals: 1)) ms",
      "p99 \(format(percentile(sorted, 0.99), decimals: 1)) ms",
      "\(failures)/\(sorted.count) failed",
    ])
}

/// The `p` percentile of `sorted` values (0 when there are none).
private func percentile(_ sorted: [Double], _ p: Double) -> Double {
  guard !sorted.isEmpty else { return 0 }
  return sorted[min(sorted.count - 1, max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1))]
}

/// What every writer measured, gathered as each finishes.
private final class WriteResults: @unchecked Sendable {
  // `@unchecked Sendable`: every property is touched with `lock` held.
  private let lock = NSLock()
  private var latencies: [Double] = []
  private var failures = 0
  private var finished = 0

  func add(_ measured: [Double], failures failed: Int) {
    lock.withLock {
      latencies += measured
      failures += failed
      finished += 1
    }
  }

  func isComplete(_ writers: Int) -> Bool { lock.withLock { finished == writers } }

  func collected() -> ([Double], Int) { lock.withLock { (latencies, failures) } }
}

/// Request number `step`: a new friend.
private func addFriendRequest(step: Int, port: UInt16, token: String, friendId _: Int)
  -> [UInt8]
{
  let body = #"{"firstName":"Bench","lastName":"Mark \#(step)","phoneNumber":"555-0100"}"#
  return httpRequest("POST", "/friends", port: port, token: token, body: body)
}

/// SV-write-embedded: one server on the embedded store, holding `friends` friends beside the
/// demo's when it starts.
private func runEmbeddedServerWrites(friends: Int) -> @Sendable (RunOptions) throws -> String {
  { options in
    let id = friends == 0 ? "SV-write-embedded" : "SV-write-embedded-100k"
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    if friends > 0 {
      // Written before the server starts, as the store a server of that many records opens.
      _ = try LocalStore(
        directory: directory.url,
        seed: StoreSeed.demo.withDemoData(friendCount: friends, postCount: 0))
    }
    let server = try ServerProcess(
      arguments: ["--data-dir", directory.url.path], environment: [:])
    defer { server.stop() }
    return try serverMix(
      id, ports: [server.port], clients: options.size ?? 32, durations(options),
      request: addFriendRequest)
  }
}

/// SV-write-pg-N: `replicas` servers on one PostgreSQL database.
private func runPostgresServerWrites(replicas: Int) -> @Sendable (RunOptions) throws -> String {
  { options in
    let id = "SV-write-pg-\(replicas)"
    guard let url = ProcessInfo.processInfo.environment["BENCHMARK_DATABASE_URL"], !url.isEmpty
    else {
      return line(
        id, n: options.size ?? 32,
        fields: ["not run: set BENCHMARK_DATABASE_URL (see Apps/Benchmarks/README.md)"])
    }
    var servers: [ServerProcess] = []
    defer { for server in servers { server.stop() } }
    for _ in 0..<replicas {
      servers.append(try ServerProcess(arguments: [], environment: ["DATABASE_URL": url]))
    }
    return try serverMix(
      id, ports: servers.map(\.port), clients: options.size ?? 32, durations(options),
      request: addFriendRequest)
  }
}
