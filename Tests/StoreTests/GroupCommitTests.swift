import Foundation
import ReactiveTesting
import Testing

@testable import Store

/// Writes of one store instance that wait while another flushes are written together, as one
/// journal line with one flush, and each returns only once that flush is done.
@Suite struct GroupCommitTests {
  /// What one writer thread saw: its note's key, the error its write threw, and whether a
  /// second instance read its note from the files once the write returned.
  private struct Outcome: Sendable {
    var key: String
    var error: String?
    var readBack: Bool
  }

  /// Collects the outcomes of writer threads and waits for them.
  private final class Writers: @unchecked Sendable {
    // `@unchecked Sendable`: `outcomes` is only touched with `lock` held.
    private let lock = NSLock()
    private var outcomes: [Outcome] = []
    private let group = DispatchGroup()

    /// Runs `body` on a new thread, recording what it returns.
    func start(_ body: @escaping @Sendable () -> Outcome) {
      group.enter()
      Thread { [self] in
        let outcome = body()
        lock.withLock { outcomes.append(outcome) }
        group.leave()
      }.start()
    }

    /// Waits for every thread started (a minute, which only a hang reaches); the outcomes
    /// by key.
    func finish() -> [String: Outcome] {
      expectEqual(group.wait(timeout: .now() + 60), .success)
      return lock.withLock { Dictionary(uniqueKeysWithValues: outcomes.map { ($0.key, $0) }) }
    }
  }

  /// Writes `key` through `store` (with `change`, or a note of `key` by default), then reads
  /// the files with a second instance to see whether the note is there.
  private static func write(
    _ key: String, to store: NotesStore, directory: URL,
    change: @escaping @Sendable () throws(StorageError) -> NotesSchema.Change? = { nil }
  ) -> Outcome {
    do {
      try store.write { (_: NotesSchema.State) throws(StorageError) in
        (change: try change() ?? NotesSchema.Change(key: key, text: key), result: ())
      }
    } catch {
      return Outcome(key: key, error: "\(error)", readBack: false)
    }
    let readBack = (try? NotesStore.open(directory).notes()[key]) == key
    return Outcome(key: key, error: nil, readBack: readBack)
  }

  /// Starts a write whose body holds the writer's turn until `waiting` other writes wait
  /// behind it, then calls `startOthers` once it is inside that body.
  private static func holdTurn(
    _ store: NotesStore, directory: URL, writers: Writers, until waiting: Int,
    startOthers: () -> Void
  ) {
    let entered = DispatchSemaphore(value: 0)
    writers.start {
      write("held", to: store, directory: directory) { () throws(StorageError) in
        entered.signal()
        let deadline = Date().addingTimeInterval(60)
        while store.waitingWrites < waiting, Date() < deadline {
          POSIXFile.pause(microseconds: 1000)
        }
        return nil
      }
    }
    expectEqual(entered.wait(timeout: .now() + 60), .success)
    startOthers()
  }

  @Test func writesThatWaitWhileAnotherWritesShareOneFlushAndAreOnDiskWhenTheyReturn() throws {
    try withDirectory { directory in
      let store = try NotesStore.open(directory)
      let writers = Writers()
      let keys = (1...7).map { "w\($0)" }
      Self.holdTurn(store, directory: directory, writers: writers, until: keys.count) {
        for key in keys {
          writers.start { Self.write(key, to: store, directory: directory) }
        }
      }
      let outcomes = writers.finish()
      for key in ["held"] + keys {
        #expect(outcomes[key]?.error == nil, "\(key)")
        expectEqual(outcomes[key]?.readBack, true, "\(key)")
      }
      // The held write alone, then the seven that waited for it together.
      expectEqual(store.journalFlushes, 2)
      let lines = try directory.appendingPathComponent("notes.journal").recordsText()
        .split(separator: "\n")
      expectEqual(lines.count, 3)
      #expect(lines[1].contains("\"change\": "))
      #expect(lines[2].hasPrefix("{\"generation\": 9, \"length\": "))
      #expect(lines[2].contains("\"changes\": [{\"key\": \"w"))
      let reopened = try NotesStore.open(directory)
      #expect(try reopened.generation() == 9)
      #expect(try reopened.notes().count == 9)
    }
  }

  @Test func aChangeThatFailsInAGroupIsRefusedAloneAndTheOthersAreWritten() throws {
    try withDirectory { directory in
      let store = try NotesStore.open(directory)
      let writers = Writers()
      Self.holdTurn(store, directory: directory, writers: writers, until: 4) {
        writers.start { Self.write("a", to: store, directory: directory) }
        writers.start {
          Self.write("missing", to: store, directory: directory) { () throws(StorageError) in
            NotesSchema.Change(key: "missing", text: nil)
          }
        }
        writers.start {
          Self.write("thrown", to: store, directory: directory) { () throws(StorageError) in
            throw .writeFailed(path: "body", reason: "refused by its body")
          }
        }
        writers.start { Self.write("b", to: store, directory: directory) }
      }
      let outcomes = writers.finish()
      expectEqual(outcomes["a"]?.readBack, true)
      expectEqual(outcomes["b"]?.readBack, true)
      expectEqual(outcomes["missing"]?.error?.contains("the change does not apply"), true)
      expectEqual(outcomes["thrown"]?.error?.contains("refused by its body"), true)
      expectEqual(store.journalFlushes, 2)
      let reopened = try NotesStore.open(directory)
      #expect(try reopened.notes() == ["first": "1", "held": "held", "a": "a", "b": "b"])
      #expect(try reopened.generation() == 4)
    }
  }

  @Test func manyConcurrentWritersAreAllOnDiskWhenTheirWritesReturn() throws {
    try withDirectory { directory in
      let store = try NotesStore.open(directory)
      let writers = Writers()
      let keys = (0..<32).flatMap { thread in (0..<8).map { "t\(thread)-\($0)" } }
      for thread in 0..<32 {
        writers.start {
          var last = Outcome(key: "t\(thread)", error: nil, readBack: true)
          for number in 0..<8 {
            let outcome = Self.write("t\(thread)-\(number)", to: store, directory: directory)
            if outcome.error != nil || !outcome.readBack { last = outcome }
          }
          return last
        }
      }
      let outcomes = writers.finish()
      expectEqual(outcomes.count, 32)
      for outcome in outcomes.values {
        #expect(outcome.error == nil && outcome.readBack, "\(outcome.key)")
      }
      #expect(store.journalFlushes <= keys.count)
      let reopened = try NotesStore.open(directory)
      #expect(try reopened.generation() == 1 + keys.count)
      #expect(Set(try reopened.notes().keys) == Set(keys + ["first"]))
    }
  }

  /// A line of several changes is one record: a crash that cuts it short leaves none of its
  /// changes (none was acknowledged), and the next write clears what it left.
  @Test func aGroupLineCutShortIsACrashAndIsClearedByTheNextWrite() throws {
    try withDirectory { directory in
      let journal = directory.appendingPathComponent("notes.journal")
      try NotesStore.open(directory).set("a", "x")
      let before = try journal.records()
      let line = FileFormats.record(
        changes: [Array("{\"key\": \"b\", \"text\": \"y\"}".utf8), Array("{\"key\": \"c\"}".utf8)],
        generation: 4)
      var bytes = try journal.bytes()
      let cut = line.count - 20
      bytes.replaceSubrange(before.count..<before.count + cut, with: line[..<cut])
      try journal.write(bytes)
      let reopened = try NotesStore.open(directory)
      #expect(try reopened.generation() == 2)
      try reopened.set("d", "w")
      let after = try journal.bytes()
      let records = try journal.records()
      expectEqual(records.prefix(before.count), before[...])
      #expect(after[records.count...].allSatisfy { $0 == 0 })
      #expect(try NotesStore.open(directory).notes() == ["first": "1", "a": "x", "d": "w"])
    }
  }

  @Test func aGroupLineIsReadByAnotherInstanceChangeByChange() throws {
    try withDirectory { directory in
      let journal = directory.appendingPathComponent("notes.journal")
      try NotesStore.open(directory).set("a", "x")
      let line = FileFormats.record(
        changes: [Array("{\"key\": \"b\", \"text\": \"y\"}".utf8), Array("{\"key\": \"a\"}".utf8)],
        generation: 4)
      var bytes = try journal.bytes()
      let end = try journal.records().count
      bytes.replaceSubrange(end..<end + line.count, with: line)
      try journal.write(bytes)
      let reopened = try NotesStore.open(directory)
      #expect(try reopened.notes() == ["first": "1", "b": "y"])
      #expect(try reopened.generation() == 4)
    }
  }

  @Test(arguments: [
    // One generation short of its two changes.
    (3, false, "its generation is 3, but the line before made generation 2 and it holds 2"),
    // A changed byte inside the array.
    (4, true, "the checksum of its changes is"),
  ])
  func aDamagedGroupLineIsRefused(generation: Int, flip: Bool, reason: String) throws {
    try withDirectory { directory in
      let journal = directory.appendingPathComponent("notes.journal")
      try NotesStore.open(directory).set("a", "x")
      var line = FileFormats.record(
        changes: [Array("{\"key\": \"b\", \"text\": \"y\"}".utf8), Array("{\"key\": \"a\"}".utf8)],
        generation: generation)
      if flip, let y = line.lastIndex(of: UInt8(ascii: "y")) { line[y] = UInt8(ascii: "z") }
      var bytes = try journal.bytes()
      let end = try journal.records().count
      bytes.replaceSubrange(end..<end + line.count, with: line)
      try journal.write(bytes)
      let error = storageError { _ = try NotesStore.open(directory) }
      guard case .corrupt(_, let found)? = error else {
        Issue.record("not refused as damaged: \(String(describing: error))")
        return
      }
      #expect(found.hasPrefix("line 3: " + reason), "\(found)")
    }
  }
}
