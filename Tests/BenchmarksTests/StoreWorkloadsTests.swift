import Foundation
import ReactiveTesting
import TestSupport
import Testing

/// The store workloads of the `benchmarks` executable, run on tiny stores of the demo's posts.
@Suite(.timeLimit(.minutes(1))) struct StoreWorkloadsTests {
  static let ids = ["load", "add", "changes", "compact"].flatMap { kind in
    ["1k", "10k", "100k"].map { "S-\(kind)-\($0)" }
  }
  static let sqliteIds = ["1k", "10k", "100k"].map { "SQL-load-\($0)" }

  @Test func storeWorkloadsComputeTheirResultsAndRemoveTheirFiles() throws {
    let temporary = FileManager.default.temporaryDirectory
      .appendingPathComponent("benchmarks-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: temporary) }
    let n = 40
    let run = try BenchmarksRun(
      ["S-load-1k", "S-add-1k", "S-changes-1k", "S-compact-1k", "--n", "\(n)", "--reps", "1"],
      environment: ["TMPDIR": temporary.path])
    expectEqual(run.status, 0, "\(run.standardError)")
    expectEqual(run.lines.map(\.id), ["S-load-1k", "S-add-1k", "S-changes-1k", "S-compact-1k"])
    // A fold keeps the n posts and leaves a journal of its header line alone (49 bytes).
    expectEqual(run.lines[3].checksum, n &* 31 &+ 49 &* 7 &+ 1)
    #expect(run.lines.allSatisfy { $0.text.contains("n=\(n) ") })
    // One write adds one friend ("Grace Hopper", 12 bytes) and keeps the n posts.
    expectEqual(run.lines[1].checksum, n &* 31 &+ 1 &* 7 &+ 12)
    // One new post (position 0) and the middle post edited (old position n / 2, now one
    // lower down), among n + 1 posts; the friends did not change.
    var changes = n + 1
    changes = changes &* 31 &+ 2_000_003 &+ 0
    changes = changes &* 31 &+ 3_000_003 &+ (n / 2 + 1)
    changes = changes &* 31 &+ 0
    expectEqual(run.lines[2].checksum, changes)
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
  }

  /// SQLite reads the same posts as S-load, in the same order: the same checksum. Without the
  /// SQLite trait the workload says how to build it.
  @Test func sqliteLoadReadsWhatTheStoreLoads() throws {
    let temporary = FileManager.default.temporaryDirectory
      .appendingPathComponent("benchmarks-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: temporary) }
    let run = try BenchmarksRun(
      ["S-load-1k", "SQL-load-1k", "--n", "40", "--reps", "1"],
      environment: ["TMPDIR": temporary.path])
    expectEqual(run.status, 0, "\(run.standardError)")
    expectEqual(run.lines.map(\.id), ["S-load-1k", "SQL-load-1k"])
    #if SQLite
      #expect(run.lines[1].text.contains("n=40 "))
      expectEqual(run.lines[1].checksum, run.lines[0].checksum)
    #else
      #expect(run.lines[1].text.contains("not run: build with --traits SQLite"))
    #endif
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path) == [])
  }
}
