import Foundation
import ReactiveTesting
import TestSupport
import Testing

/// The start-up workloads of the `benchmarks` executable, which start the command-line front
/// built beside it: run with a few starts.
@Suite(.timeLimit(.minutes(1))) struct StartupWorkloadsTests {
  static let ids = ["SU-help", "SU-list"]

  @Test func eachWorkloadStartsTheCommandAndRemovesItsData() throws {
    let temporary = FileManager.default.temporaryDirectory
      .appendingPathComponent("benchmarks-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: temporary) }
    let run = try BenchmarksRun(
      Self.ids + ["--n", "2", "--reps", "1"], environment: ["TMPDIR": temporary.path])
    expectEqual(run.status, 0, "\(run.standardError)")
    expectEqual(run.lines.map(\.id), Self.ids)
    for line in run.lines {
      #expect(line.text.contains("n=2 "))
      #expect(line.text.contains("ns/start"))
    }
    // The logged-in data directory of `SU-list` is removed afterwards.
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
  }
}
