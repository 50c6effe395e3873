import Foundation
import ReactiveTesting
import Store
import Testing

@Suite struct JournalStoreTests {
  private func paths(_ directory: URL) -> (snapshot: URL, journal: URL) {
    (
      directory.appendingPathComponent("notes.json"),
      directory.appendingPathComponent("notes.journal")
    )
  }

  @Test func aNewStoreHoldsItsInitialStateAtGenerationOne() throws {
    try withDirectory { directory in
      let store = try NotesStore.open(directory)
      #expect(try store.notes() == ["first": "1"])
      #expect(try store.generation() == 1)
      let text = try paths(directory).snapshot.text()
      #expect(text.hasPrefix("{\"schemaVersion\": 2, \"generation\": 1, \"length\": "))
      #expect(text.hasSuffix("\"data\": {\"notes\": {\n  \"first\": \"1\"}}}\n"))
      #expect(!FileManager.default.fileExists(atPath: paths(directory).journal.path))
    }
  }

  @Test func eachWriteAppendsOneLineAndLeavesTheSnapshotAlone() throws {
    try withDirectory { directory in
      let store = try NotesStore.open(directory)
      let snapshot = try paths(directory).snapshot.bytes()
      try store.set("a", "x")
      try store.set("b", "y\nz")
      try store.set("a", nil)
      #expect(try paths(directory).snapshot.bytes() == snapshot)
      let lines = try paths(directory).journal.recordsText().split(separator: "\n")
      expectEqual(lines.count, 4)
      expectEqual(lines[0], "{\"schemaVersion\": 2, \"startsAfterGeneration\": 1}")
      let change = "{\"key\": \"b\", \"text\": \"y\\nz\"}"
      let checksum = CRC32.hex(CRC32.checksum(Array(change.utf8)))
      #expect(
        lines[2]
          == "{\"generation\": 3, \"length\": \(change.utf8.count), \"crc32\": \"\(checksum)\", "
          + "\"change\": \(change)}")
      #expect(try store.notes() == ["first": "1", "b": "y\nz"])
      #expect(try store.generation() == 4)
      let reopened = try NotesStore.open(directory)
      #expect(try reopened.notes() == ["first": "1", "b": "y\nz"])
      #expect(try reopened.generation() == 4)
    }
  }

  @Test func aChangeThatDoesNotApplyIsNotWritten() throws {
    try withDirectory { directory in
      let store = try NotesStore.open(directory)
      try store.set("a", "x")
      let journal = try paths(directory).journal.bytes()
      let error = storageError { try store.set("missing", nil) }
      guard case .writeFailed(_, let reason)? = error else {
        Issue.record("unexpected \(String(describing: error))")
        return
      }
      expectEqual(reason, "the change does not apply: no note missing")
      #expect(try paths(directory).journal.bytes() == journal)
      #expect(try store.notes() == ["first": "1", "a": "x"])
    }
  }

  @Test func anotherInstanceSeesWritesAndReportsEachChangeOnce() throws {
    try withDirectory { directory in
      let writer = try NotesStore.open(directory)
      let reader = try NotesStore.open(directory)
      #expect(try reader.refresh() == false)
      try writer.set("a", "x")
      #expect(try reader.refresh() == true)
      #expect(try reader.refresh() == false)
      #expect(try reader.notes()["a"] == "x")
      try writer.compact()
      try writer.set("b", "y")
      #expect(try reader.refresh() == true)
      #expect(try reader.notes() == ["first": "1", "a": "x", "b": "y"])
      // The reader writes too, after the other's fold, and the writer sees it.
      try reader.set("c", "z")
      #expect(try writer.notes() == ["first": "1", "a": "x", "b": "y", "c": "z"])
      #expect(try writer.generation() == 4)
    }
  }

  @Test func theJournalIsFoldedOnceItPassesItsBound() throws {
    try withDirectory { directory in
      let options = StoreOptions(minimumJournalBytes: 500, journalToSnapshotRatio: 0)
      let store = try NotesStore.open(directory, options: options)
      var folds = 0
      var previous = 0
      for number in 0..<40 {
        try store.set("k\(number)", String(repeating: "v", count: 20))
        let sizes = try store.sizes()
        #expect(sizes.journal <= 500 + 200)
        if sizes.journal < previous { folds += 1 }
        previous = sizes.journal
      }
      #expect(folds >= 3)
      let snapshot = try paths(directory).snapshot.text()
      #expect(snapshot.contains("\"k0\": \"vvvvvvvvvvvvvvvvvvvv\""))
      let reopened = try NotesStore.open(directory)
      #expect(try reopened.notes().count == 41)
      #expect(try reopened.generation() == 41)
    }
  }

  @Test func theDefaultBoundGrowsWithTheSnapshot() {
    let options = StoreOptions()
    #expect(!options.shouldCompact(journalBytes: 256 * 1024, snapshotBytes: 10))
    #expect(options.shouldCompact(journalBytes: 256 * 1024 + 1, snapshotBytes: 10))
    #expect(!options.shouldCompact(journalBytes: 4_000_000, snapshotBytes: 17_000_000))
    #expect(options.shouldCompact(journalBytes: 4_300_000, snapshotBytes: 17_000_000))
  }

  @Test func aCrashBetweenTheTwoRenamesOfAFoldLosesNothing() throws {
    try withDirectory { directory in
      let store = try NotesStore.open(directory)
      try store.set("a", "x")
      try store.set("b", "y")
      let oldJournal = try paths(directory).journal.bytes()
      try store.compact()
      // As if the process died after renaming the new snapshot, before the new journal.
      try paths(directory).journal.write(oldJournal)
      let reopened = try NotesStore.open(directory)
      #expect(try reopened.notes() == ["first": "1", "a": "x", "b": "y"])
      #expect(try reopened.generation() == 3)
      try reopened.set("c", "z")
      #expect(try NotesStore.open(directory).notes().count == 4)
    }
  }

  @Test func aCrashBeforeTheSnapshotRenameLeavesTheOldFilesAndNoTemporaryFile() throws {
    try withDirectory { directory in
      let store = try NotesStore.open(directory)
      try store.set("a", "x")
      let temporary = directory.appendingPathComponent("notes.json.tmp")
      try temporary.write(Array("{\"schemaVersion\": 2, \"gener".utf8))
      let reopened = try NotesStore.open(directory)
      #expect(try reopened.notes() == ["first": "1", "a": "x"])
      #expect(!FileManager.default.fileExists(atPath: temporary.path))
    }
  }

  @Test func aRemovedSnapshotStartsAgainFromTheInitialState() throws {
    try withDirectory { directory in
      let store = try NotesStore.open(directory)
      try store.set("a", "x")
      try FileManager.default.removeItem(at: paths(directory).snapshot)
      #expect(try store.notes() == ["first": "1"])
      #expect(try store.generation() == 1)
      #expect(try NotesStore.open(directory).notes() == ["first": "1"])
    }
  }

  @Test func filesArePrivateToTheirOwner() throws {
    try withDirectory { directory in
      let store = try NotesStore.open(directory)
      try store.set("a", "x")
      for file in [paths(directory).snapshot, paths(directory).journal] {
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        expectEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
      }
    }
  }
}
