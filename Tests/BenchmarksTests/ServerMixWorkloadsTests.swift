import Foundation
import ReactiveTesting
import TestSupport
import Testing

/// The server workloads of the `benchmarks` executable, run for a second with a few clients.
@Suite(.timeLimit(.minutes(1))) struct ServerMixWorkloadsTests {
  static let ids = ["SV-embedded", "SV-pg-1", "SV-pg-2"]

  @Test func embeddedServerAnswersEveryRequestOfTheMix() throws {
    let temporary = FileManager.default.temporaryDirectory
      .appendingPathComponent("benchmarks-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: temporary) }
    // More clients than one address may hold connections with (16): each needs its own.
    let run = try BenchmarksRun(
      ["SV-embedded", "--n", "20", "--reps", "1"], environment: ["TMPDIR": temporary.path])
    expectEqual(run.status, 0, "\(run.standardError)")
    expectEqual(run.lines.map(\.id), ["SV-embedded"])
    let text = try #require(run.lines.first?.text)
    #expect(text.contains("n=20 "))
    // Every answer was a success, and there were some.
    let failed = try #require(text.firstMatch(of: /(\d+)\/(\d+) failed/))
    expectEqual(Int(failed.1), 0)
    #expect((Int(failed.2) ?? 0) > 0)
    // The data directory is removed afterwards.
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
  }

  @Test func postgresWorkloadsSayWhatTheyNeedWithoutADatabase() throws {
    let run = try BenchmarksRun(
      ["SV-pg-1", "--n", "2", "--reps", "1"], environment: ["BENCHMARK_DATABASE_URL": ""])
    expectEqual(run.status, 0, "\(run.standardError)")
    expectEqual(run.lines.first?.text.contains("not run: set BENCHMARK_DATABASE_URL"), true)
  }
}
