import Foundation
import ReactiveTesting
import Store
import Testing

/// No file of a store grows past the size the store reads, so that a store that wrote can
/// always be opened again. Tested with a small limit, and folds by size turned off.
@Suite struct SizeLimitTests {
  private let limit = 2_000
  private var options: StoreOptions {
    StoreOptions(
      minimumJournalBytes: Int.max, journalToSnapshotRatio: 1_000, maximumFileBytes: limit)
  }

  /// The sizes of the snapshot and of the journal file, and of the journal's records (the
  /// file also holds zeros after them, written in advance).
  private func sizes(_ directory: URL) throws -> (snapshot: Int, journal: Int, records: Int) {
    let snapshot = try directory.appendingPathComponent("notes.json").bytes().count
    let journal = try directory.appendingPathComponent("notes.journal").bytes().count
    let records = try directory.appendingPathComponent("notes.journal").records().count
    return (snapshot, journal, records)
  }

  @Test func aJournalAboutToPassTheLimitIsFoldedFirst() throws {
    try withDirectory { directory in
      let store = try NotesStore.open(directory, options: options)
      var expected = ["first": "1"]
      var folds = 0
      var journalBefore = 0
      for number in 0..<60 {
        // Each line is about 90 bytes, so the journal reaches the limit several times.
        let key = "k\(number % 5)"
        let text = String(repeating: "\(number % 10)", count: 40)
        try store.set(key, text)
        expected[key] = text
        let (snapshot, journal, records) = try sizes(directory)
        #expect(snapshot <= limit && journal <= limit, "write \(number)")
        if records < journalBefore { folds += 1 }
        journalBefore = records
        #expect(try NotesStore.open(directory, options: options).notes() == expected)
      }
      #expect(folds >= 2)
      #expect(try store.generation() == 61)
    }
  }

  @Test func aChangeTooLargeForAJournalIsRefusedAndNothingIsWritten() throws {
    try withDirectory { directory in
      let store = try NotesStore.open(directory, options: options)
      try store.set("a", "x")
      let before = try sizes(directory)
      let error = storageError { try store.set("big", String(repeating: "y", count: limit)) }
      guard case .writeFailed(let path, let reason)? = error else {
        Issue.record("unexpected \(String(describing: error))")
        return
      }
      expectEqual(path, directory.appendingPathComponent("notes.journal").path)
      #expect(reason.contains("more than a journal of at most 2000 bytes can hold"))
      #expect(try NotesStore.open(directory, options: options).notes() == ["first": "1", "a": "x"])
      // The fold made room first; the data is the same.
      #expect(try sizes(directory).records <= before.records)
      try store.set("b", "z")
      #expect(try store.notes() == ["first": "1", "a": "x", "b": "z"])
    }
  }

  @Test func dataTooLargeForASnapshotIsRefusedOnceTheJournalIsFull() throws {
    try withDirectory { directory in
      let store = try NotesStore.open(directory, options: options)
      var expected = ["first": "1"]
      var refused: StorageError?
      for number in 0..<100 where refused == nil {
        let key = "key\(number)"
        let text = String(repeating: "t", count: 60)
        do {
          try store.set(key, text)
          expected[key] = text
        } catch let error as StorageError {
          refused = error
        }
        let (snapshot, journal, _) = try sizes(directory)
        #expect(snapshot <= limit && journal <= limit, "write \(number)")
      }
      guard case .writeFailed(let path, let reason)? = refused else {
        Issue.record("unexpected \(String(describing: refused))")
        return
      }
      expectEqual(path, directory.appendingPathComponent("notes.json").path)
      #expect(reason.contains("more than the 2000 bytes the store reads"))
      // Every acknowledged write is kept, and the store still opens.
      #expect(try NotesStore.open(directory, options: options).notes() == expected)
      #expect(try store.notes() == expected)
    }
  }
}
