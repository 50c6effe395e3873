import Foundation

// LOGIN-flood: a `friends-server` on the embedded store (a new data directory) while n
// threads send logins for accounts that do not exist, with wrong passwords, as fast as the
// server answers, each from the next of 250 loopback addresses in turn (on Linux; elsewhere
// all from 127.0.0.1). Meanwhile a person logs in as the demo account, one login after
// another, from an address of their own. The line gives the person's login time on the quiet
// server first (the median of 5), then under the flood: how many of their logins the server
// let in and the median and slowest time of those, as a multiple of the quiet median, and how
// many it refused at once (503 with Retry-After) and how fast; and what the flood got.

/// LOGIN-flood: real logins while `n` threads flood the server with bogus ones.
func runLoginFloodWorkload(_ options: RunOptions) throws -> String {
  let flooders = options.size ?? 16
  let realLogins = options.size == nil ? 20 : 4
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("login-flood-\(UUID().uuidString)")
  defer { try? FileManager.default.removeItem(at: directory) }
  let server = try ServerProcess(arguments: ["--data-dir", directory.path], environment: [:])
  defer { server.stop() }
  let port = server.port
  let person = floodAddress(-1)
  let login = httpRequest(
    "POST", "/login", port: port, token: nil,
    body: #"{"email":"ada@example.com","password":"correct horse"}"#)

  func timedLogin() -> (status: Int, milliseconds: Double) {
    let start = monotonicNanoseconds()
    let status = exchange(port: port, login, from: person, timeoutSeconds: 60).status
    return (status, Double(monotonicNanoseconds() - start) / 1e6)
  }
  var quiet: [Double] = []
  for _ in 0..<5 {
    let (status, time) = timedLogin()
    guard status == 200 else { throw ServerMixError("a quiet login answered \(status)") }
    quiet.append(time)
  }
  let quietMedian = middle(quiet)

  let flood = FloodResults()
  let threads = (0..<flooders).map { thread in
    Thread {
      var step = thread
      var statuses: [Int: Int] = [:]
      while !flood.isStopped {
        let body = #"{"email":"nobody\#(step)@example.com","password":"guess \#(step)"}"#
        let request = httpRequest("POST", "/login", port: port, token: nil, body: body)
        let status = exchange(port: port, request, from: floodAddress(step), timeoutSeconds: 60)
          .status
        statuses[status, default: 0] += 1
        step += flooders
      }
      flood.add(statuses)
    }
  }
  for thread in threads { thread.start() }
  // Let the flood fill the server first.
  Thread.sleep(forTimeInterval: 2)
  var letIn: [Double] = []
  var refused: [Double] = []
  var other: [Int: Int] = [:]
  for _ in 0..<realLogins {
    let (status, time) = timedLogin()
    switch status {
    case 200: letIn.append(time)
    case 503: refused.append(time)
    default: other[status, default: 0] += 1
    }
    Thread.sleep(forTimeInterval: 0.2)
  }
  flood.stop()
  while !flood.isComplete(flooders) { Thread.sleep(forTimeInterval: 0.05) }
  let statuses = flood.statuses()
  let floodAnswers =
    statuses.sorted { $0.key < $1.key }.map {
      "\($0.key == 0 ? "none" : String($0.key)): \($0.value)"
    }
    .joined(separator: ", ")
  let slowest = letIn.max() ?? .nan
  return line(
    "LOGIN-flood", n: flooders,
    fields: [
      "quiet \(format(quietMedian, decimals: 0)) ms",
      "let in \(letIn.count)/\(realLogins): p50 \(format(middle(letIn), decimals: 0)) ms, "
        + "max \(format(slowest, decimals: 0)) ms (\(format(slowest / quietMedian, decimals: 2))x)",
      "refused \(refused.count) in max \(format(refused.max() ?? 0, decimals: 1)) ms"
        + (other.isEmpty ? "" : ", other \(other)"),
      "flood: \(floodAnswers)",
    ])
}

private func middle(_ values: [Double]) -> Double {
  guard !values.isEmpty else { return .nan }
  let sorted = values.sorted()
  return sorted[(sorted.count - 1) / 2]
}

/// The loopback address of flood request `step` (`-1`: the person's own), on Linux.
private func floodAddress(_ step: Int) -> String? {
  #if os(Linux)
    return step < 0 ? "127.0.3.1" : "127.0.2.\(1 + step % 250)"
  #else
    return nil
  #endif
}

/// What the flood's threads got, gathered as each finishes.
private final class FloodResults: @unchecked Sendable {
  // `@unchecked Sendable`: every property is touched with `lock` held.
  private let lock = NSLock()
  private var counts: [Int: Int] = [:]
  private var finished = 0
  private var stopped = false

  var isStopped: Bool { lock.withLock { stopped } }
  func stop() { lock.withLock { stopped = true } }
  func add(_ statuses: [Int: Int]) {
    lock.withLock {
      counts.merge(statuses, uniquingKeysWith: +)
      finished += 1
    }
  }
  func isComplete(_ threads: Int) -> Bool { lock.withLock { finished == threads } }
  func statuses() -> [Int: Int] { lock.withLock { counts } }
}
