import Foundation
import ReactiveTesting
import TestSupport
import Testing

/// The `benchmarks` executable, run as a separate process on tiny sizes: its command line and
/// the results its workloads compute. How fast they run is measured by running it, not here.
@Suite(.timeLimit(.minutes(1))) struct BenchmarksExecutableTests {
  static let allIds =
    ["W1s", "W1r", "W2", "W2f", "W3", "W4", "W5", "W6m", "W6d", "W7", "MEM"]
    + StoreWorkloadsTests.ids
    + StoreWorkloadsTests.sqliteIds
    + ["PBKDF2-600k", "HTTP-slow-500", "LOGIN-flood", "WEB-tabs"]
    + ServerMixWorkloadsTests.ids
    + WriteWorkloadsTests.ids
    + StartupWorkloadsTests.ids

  @Test func listNamesEveryWorkloadInRunOrder() throws {
    let run = try BenchmarksRun(["--list"])
    expectEqual(run.status, 0)
    #expect(run.standardError.isEmpty)
    expectEqual(run.lines.map(\.id), Self.allIds)
  }

  @Test func anUnknownWorkloadPrintsTheListAndExits64() throws {
    let run = try BenchmarksRun(["W6m", "W9"])
    expectEqual(run.status, 64)
    #expect(run.standardOutput.isEmpty)
    #expect(run.standardError.hasPrefix("benchmarks: unknown workload 'W9'; the workloads are:\n"))
    for id in Self.allIds {
      #expect(run.standardError.contains("\n\(id) "), "the list names \(id)")
    }
  }

  @Test func virtualTimeWorkloadsRecordEveryMappedElementAtItsTick() throws {
    let n = 300
    let run = try BenchmarksRun(["W6m", "W6d", "--n", "\(n)", "--reps", "1"])
    expectEqual(run.status, 0)
    expectEqual(run.lines.map(\.id), ["W6m", "W6d"])
    // Each element i arrives at tick i and leaves `map` as i + 1; `debounce` of zero on a
    // scheduler without processing delay lets each one through at the same tick.
    var expected = 0
    for tick in 1...n { expected = expected &* 31 &+ (tick + 1) &* 7 &+ tick }
    expectEqual(run.lines.map(\.checksum), [expected, expected])
  }

  /// Each reactive workload's checksum is what its subscribers' captured variables hold at the
  /// end, worked out here from the workload's definition at a small size.
  @Test func reactiveWorkloadsComputeTheirResults() throws {
    let n = 50
    let ids = ["W1s", "W1r", "W2", "W2f", "W3", "W4", "W5", "W7", "MEM"]
    let run = try BenchmarksRun(ids + ["--n", "\(n)", "--reps", "1"])
    expectEqual(run.status, 0, "\(run.standardError)")
    expectEqual(run.lines.map(\.id), ids)
    // map { $0 + 1 }, filter even, running sum: the last sum is that of the even numbers
    // 2…n.
    let chain = stride(from: 2, through: n, by: 2).reduce(0, +)
    // Every one of the 100 subscribers adds every element 0..<n.
    let manySubscribers = 100 * (0..<n).reduce(0, +)
    // Both relays start at 0, so combineLatest emits once on subscription, then after each
    // accept: the even values go to the first relay, the odd ones to the second.
    var first = 0
    var second = 0
    var combined = 0
    for value in 0..<n {
      if value % 2 == 0 { first = value } else { second = value }
      combined += first + second
    }
    let expected = [
      chain, chain, manySubscribers, manySubscribers, 2 * n, (0..<n).reduce(0, +), combined, chain,
      2 * n,
    ]
    expectEqual(run.lines.map(\.checksum), expected)
  }

  /// The checksum folds the 32 bytes of PBKDF2-HMAC-SHA256("correct horse", salt 0…15, 3
  /// iterations) as `checksum * 31 + byte`; the bytes were computed with Python's hashlib.
  @Test func passwordHashWorkloadDerivesTheKnownHash() throws {
    let run = try BenchmarksRun(["PBKDF2-600k", "--n", "3", "--reps", "1"])
    expectEqual(run.status, 0, "\(run.standardError)")
    expectEqual(run.lines.map(\.id), ["PBKDF2-600k"])
    expectEqual(run.lines.map(\.checksum), [1_374_630_140_960_604_118])
    expectEqual(run.lines.first?.text.contains(" ns/derivation"), true)
  }

}

/// One finished run of the `benchmarks` executable.
struct BenchmarksRun {
  var status: Int32
  var standardOutput: String
  var standardError: String

  /// A printed result line: its id, and its checksum when it has one.
  struct Line {
    var text: String
    var id: String { text.split(separator: " ").first.map(String.init) ?? "" }
    var checksum: Int? {
      guard let range = text.range(of: "checksum ") else { return nil }
      return Int(text[range.upperBound...].prefix { $0 == "-" || $0.isNumber })
    }
  }

  var lines: [Line] {
    standardOutput.split(separator: "\n").map { Line(text: String($0)) }
  }

  /// Runs `benchmarks` with `arguments` and waits for it to exit (at most a minute).
  init(_ arguments: [String], environment: [String: String] = [:]) throws {
    let process = try LaunchedProcess(
      builtExecutable("benchmarks"), arguments: arguments,
      environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
    guard process.waitForExit(timeout: 60) else {
      process.process.terminate()
      process.process.waitUntilExit()
      throw TimedOut()
    }
    status = process.process.terminationStatus
    standardOutput = process.standardOutput
    standardError = process.standardError
  }

  struct TimedOut: Error, CustomStringConvertible {
    var description: String { "benchmarks did not exit within a minute" }
  }
}
