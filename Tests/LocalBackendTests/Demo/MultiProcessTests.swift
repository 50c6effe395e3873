import Foundation
import LocalBackend
import Models
import ReactiveTesting
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Proves the cross-process guarantees with real processes: the `store-stress` executable
/// (built with the tests) adds friends and prints each identifier once the write returned.
///
/// The tests run one at a time: a process started by one test inherits the pipes of the
/// processes of the others, which would keep their output open until it ends.
///
/// The longest test starts a hundred processes: a few seconds alone, but far longer while other
/// builds load the machine, hence the generous time limit, which only guards against a hang.
@Suite(.serialized, .timeLimit(.minutes(4))) struct MultiProcessTests {
  @Test func twoProcessesWritingAtOnceLoseNothing() throws {
    try withProcessTestDirectory { directory in
      _ = try LocalStore(directory: directory, seed: .empty)
      let writers = try ["left", "right"].map { tag in
        try StressProcess(directory: directory, count: 200, tag: tag)
      }
      let outputs = writers.map { $0.readToEnd() }
      for writer in writers {
        writer.process.waitUntilExit()
        expectEqual(writer.process.terminationStatus, 0, "\(writer.errorOutput())")
      }
      let acknowledged = outputs.map(Self.identifiers)
      expectEqual(acknowledged.map(\.count), [200, 200])
      let friends = try LocalStore(directory: directory, seed: .empty).records(Friend.self)
      expectEqual(friends.count, 400)
      expectEqual(Set(friends.map(\.id)), Set(acknowledged.joined()))
      expectEqual(Set(friends.map(\.id)).count, 400)
      for tag in ["left", "right"] {
        let numbers = friends.filter { $0.firstName == tag }.compactMap {
          Int($0.lastName.dropFirst())
        }
        expectEqual(Set(numbers), Set(1...200))
      }
      #expect(try LocalStore(directory: directory).snapshot().generation == 401)
    }
  }

  @Test func killedWriterLeavesAStoreWithEveryAcknowledgedWrite() throws {
    try withProcessTestDirectory { directory in
      _ = try LocalStore(directory: directory, seed: .empty)
      var acknowledged: [Int] = []
      for (round, killAfter) in [7, 19, 31].enumerated() {
        let writer = try StressProcess(directory: directory, count: 1_000_000, tag: "r\(round)")
        var output = writer.readLines(atLeast: killAfter)
        kill(writer.process.processIdentifier, SIGKILL)
        writer.process.waitUntilExit()
        expectEqual(writer.process.terminationReason, .uncaughtSignal)
        output += writer.readToEnd()
        let ids = Self.identifiers(output)
        #expect(ids.count >= killAfter)
        acknowledged += ids

        let store = try LocalStore(directory: directory, seed: .empty)
        let stored = Set(try store.records(Friend.self).map(\.id))
        #expect(Set(acknowledged).isSubset(of: stored), "round \(round)")
        let temporary = directory.appendingPathComponent(LocalStore.temporaryFileName)
        #expect(!FileManager.default.fileExists(atPath: temporary.path))
      }
    }
  }

  @Test func fourWritersOfAHundredWritesEachLoseNothing() throws {
    try withProcessTestDirectory { directory in
      _ = try LocalStore(directory: directory, seed: .empty)
      let tags = ["a", "b", "c", "d"]
      let writers = try tags.map { tag in
        try StressProcess(directory: directory, count: 100, tag: tag)
      }
      let outputs = writers.map { $0.readToEnd() }
      for writer in writers {
        writer.process.waitUntilExit()
        expectEqual(writer.process.terminationStatus, 0, "\(writer.errorOutput())")
      }
      let acknowledged = outputs.map(Self.identifiers)
      expectEqual(acknowledged.map(\.count), [100, 100, 100, 100])
      let store = try LocalStore(directory: directory, seed: .empty)
      let friends = try store.records(Friend.self)
      expectEqual(friends.count, 400)
      expectEqual(Set(friends.map(\.id)), Set(acknowledged.joined()))
      for tag in tags {
        let numbers = friends.filter { $0.firstName == tag }.compactMap {
          Int($0.lastName.dropFirst())
        }
        #expect(numbers.count == 100 && Set(numbers) == Set(1...100))
      }
      #expect(try store.snapshot().generation == 401)
    }
  }

  @Test func aHundredKillsMidWriteLoseNoAcknowledgedWrite() throws {
    try withProcessTestDirectory { directory in
      _ = try LocalStore(directory: directory, seed: .empty)
      var acknowledged: [Int] = []
      var killed = 0
      // Twenty-five rounds of four writers, each killed as soon as it acknowledged its first
      // write, while it and the others are in the middle of the next ones. None of them can
      // finish first, however fast the machine: each has far more writes to do than it can
      // make while the others are read and killed.
      for round in 0..<25 {
        let writers = try (0..<4).map { index in
          try StressProcess(directory: directory, count: 1_000_000, tag: "r\(round)w\(index)")
        }
        var outputs: [String] = []
        for writer in writers {
          outputs.append(writer.readLines(atLeast: 1))
          kill(writer.process.processIdentifier, SIGKILL)
        }
        // Read to the end only once every writer is dead: each one may hold a copy of the
        // others' output pipes.
        for (index, writer) in writers.enumerated() {
          writer.process.waitUntilExit()
          if writer.process.terminationReason == .uncaughtSignal { killed += 1 }
          let ids = Self.identifiers(outputs[index] + writer.readToEnd())
          #expect(!ids.isEmpty, "\(writer.errorOutput())")
          acknowledged += ids
        }
        let store = try LocalStore(directory: directory, seed: .empty)
        let stored = Set(try store.records(Friend.self).map(\.id))
        #expect(Set(acknowledged).isSubset(of: stored), "round \(round)")
      }
      expectEqual(killed, 100, "killed \(killed) of 100, \(acknowledged.count) writes")
      // The journal stays whole: the next writer cuts off a torn last line and goes on.
      let reopened = try LocalStore(directory: directory, seed: .empty)
      try reopened.add(
        FriendDraft(firstName: "After", lastName: "All", phoneNumber: "555 0100123"))
      let friends = try LocalStore(directory: directory, seed: .empty).records(Friend.self)
      #expect(friends.count >= acknowledged.count + 1)
    }
  }

  /// Writers that share flushes (many threads of one process) are acknowledged only once the
  /// flush that holds their change is done: a kill in the middle of one loses only writes
  /// nobody was told of.
  @Test func killsOfProcessesWritingFromManyThreadsLoseNoAcknowledgedWrite() throws {
    try withProcessTestDirectory { directory in
      _ = try LocalStore(directory: directory, seed: .empty)
      var acknowledged: [Int] = []
      for round in 0..<8 {
        let writers = try (0..<2).map { index in
          try StressProcess(
            directory: directory, count: 1_000_000, tag: "g\(round)w\(index)", threads: 16)
        }
        var outputs = writers.map { $0.readLines(atLeast: 20 + round * 10) }
        for writer in writers { kill(writer.process.processIdentifier, SIGKILL) }
        for (index, writer) in writers.enumerated() {
          writer.process.waitUntilExit()
          expectEqual(writer.process.terminationReason, .uncaughtSignal, "\(writer.errorOutput())")
          outputs[index] += writer.readToEnd()
        }
        let ids = outputs.flatMap(Self.identifiers)
        #expect(ids.count >= 2 * (20 + round * 10))
        acknowledged += ids
        let store = try LocalStore(directory: directory, seed: .empty)
        let stored = Set(try store.records(Friend.self).map(\.id))
        #expect(Set(acknowledged).isSubset(of: stored), "round \(round)")
      }
    }
  }

  @Test func killsDuringFoldsLoseNoAcknowledgedWrite() throws {
    try withProcessTestDirectory { directory in
      _ = try LocalStore(directory: directory, seed: .empty)
      var acknowledged: [Int] = []
      for round in 0..<8 {
        // Every write of these writers also folds the journal, so most of their time (and
        // so most kills) falls inside a fold.
        let writers = try (0..<3).map { index in
          try StressProcess(
            directory: directory, count: 1_000_000, tag: "f\(round)w\(index)", foldEveryWrite: true)
        }
        var outputs = writers.map { $0.readLines(atLeast: 1 + round % 3) }
        for writer in writers { kill(writer.process.processIdentifier, SIGKILL) }
        for (index, writer) in writers.enumerated() {
          writer.process.waitUntilExit()
          expectEqual(writer.process.terminationReason, .uncaughtSignal, "\(writer.errorOutput())")
          outputs[index] += writer.readToEnd()
        }
        acknowledged += outputs.flatMap(Self.identifiers)
        let store = try LocalStore(directory: directory, seed: .empty)
        let stored = Set(try store.records(Friend.self).map(\.id))
        #expect(Set(acknowledged).isSubset(of: stored), "round \(round)")
        for name in [LocalStore.temporaryFileName, LocalStore.journalFileName + ".tmp"] {
          #expect(
            !FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path))
        }
      }
      #expect(acknowledged.count >= 8 * 3)
    }
  }

  /// A fresh directory for one test, in memory where the system offers it (`/dev/shm`).
  ///
  /// A killed process loses nothing it handed to the kernel, so these tests do not need the
  /// disk flushes a power cut would; in memory, the flushes cost nothing, and the hundreds of
  /// writes stay within a second or two even on a slow disk.
  private func withProcessTestDirectory<Result>(_ body: (URL) throws -> Result) throws -> Result {
    let memory = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
    guard FileManager.default.isWritableFile(atPath: memory.path) else {
      return try withTemporaryDirectory(body)
    }
    let url = memory.appendingPathComponent(
      "friends-store-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url)
  }

  private static func identifiers(_ output: String) -> [Int] {
    // Only complete lines: a line cut by the kill was not fully reported.
    output.split(separator: "\n", omittingEmptySubsequences: true).compactMap { Int($0) }
  }
}

/// A running `store-stress add-friends` process with its output pipes.
///
/// `readLines(atLeast:)` and `readToEnd()` each return the standard output that the previous
/// calls did not return yet.
private final class StressProcess {
  private let launched: LaunchedProcess
  // Used by one test's thread only.
  private var returned = 0

  /// The running process.
  var process: Process { launched.process }

  init(
    directory: URL, count: Int, tag: String, foldEveryWrite: Bool = false, threads: Int = 1
  ) throws {
    launched = try LaunchedProcess(
      builtExecutable("store-stress"),
      arguments: ["add-friends", directory.path, String(count), tag]
        + (foldEveryWrite ? ["--fold-every-write"] : [])
        + (threads > 1 ? ["--threads", String(threads)] : []))
  }

  /// Waits until standard output holds at least `count` more complete lines (or ends, or 20
  /// seconds pass), and returns what it did not return yet.
  func readLines(atLeast count: Int) -> String {
    _ = launched.waitForOutput(timeout: 20) { output in
      output.utf8.dropFirst(self.returned).reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        >= count
    }
    return unreturned()
  }

  /// Waits until the process closes its standard output, and returns what was not returned.
  func readToEnd() -> String {
    launched.waitUntilExit()
    return unreturned()
  }

  func errorOutput() -> String { launched.standardError }

  private func unreturned() -> String {
    let bytes = Array(launched.standardOutput.utf8)
    let text = String(decoding: bytes.dropFirst(returned), as: UTF8.self)
    returned = bytes.count
    return text
  }
}
