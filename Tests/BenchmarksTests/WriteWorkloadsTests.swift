import Foundation
import ReactiveTesting
import TestSupport
import Testing

/// The write workloads of the `benchmarks` executable, run for a second with a few writers.
@Suite(.timeLimit(.minutes(1))) struct WriteWorkloadsTests {
  static let ids = [
    "S-add-concurrent", "SV-write-embedded", "SV-write-embedded-100k", "SV-write-pg-1",
    "SV-write-pg-2",
  ]

  /// Runs `arguments` with a temporary directory of its own, checked to be left empty.
  private func run(_ arguments: [String]) throws -> BenchmarksRun {
    let temporary = FileManager.default.temporaryDirectory
      .appendingPathComponent("benchmarks-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: temporary) }
    let run = try BenchmarksRun(arguments, environment: ["TMPDIR": temporary.path])
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    return run
  }

  @Test func concurrentWritersAreAllAcknowledgedAndShareFlushes() throws {
    let run = try run(["S-add-concurrent", "--n", "8", "--reps", "1"])
    expectEqual(run.status, 0, "\(run.standardError)")
    let text = try #require(run.lines.first?.text)
    #expect(text.contains("n=8 "))
    let failed = try #require(text.firstMatch(of: /(\d+)\/(\d+) failed/))
    expectEqual(Int(failed.1), 0)
    #expect((Int(failed.2) ?? 0) > 0)
    let perFlush = try #require(text.firstMatch(of: /([\d.]+) writes\/flush/))
    #expect((Double(perFlush.1) ?? 0) >= 1)
  }

  @Test func embeddedServerAddsAFriendForEveryRequest() throws {
    let run = try run(["SV-write-embedded", "--n", "4", "--reps", "1"])
    expectEqual(run.status, 0, "\(run.standardError)")
    expectEqual(run.lines.map(\.id), ["SV-write-embedded"])
    let text = try #require(run.lines.first?.text)
    let failed = try #require(text.firstMatch(of: /(\d+)\/(\d+) failed/))
    expectEqual(Int(failed.1), 0)
    #expect((Int(failed.2) ?? 0) > 0)
  }

  @Test func postgresWorkloadsSayWhatTheyNeedWithoutADatabase() throws {
    let run = try BenchmarksRun(
      ["SV-write-pg-1", "SV-write-pg-2", "--n", "2", "--reps", "1"],
      environment: ["BENCHMARK_DATABASE_URL": ""])
    expectEqual(run.status, 0, "\(run.standardError)")
    expectEqual(run.lines.count, 2)
    for line in run.lines {
      #expect(line.text.contains("not run: set BENCHMARK_DATABASE_URL"))
    }
  }
}
