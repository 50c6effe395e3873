import Foundation
import ReactiveTesting
import Store
import Testing

/// The journal file is longer than its records: zeros written in advance follow them, and
/// each record is written over the zeros at the journal's logical end.
@Suite struct PreallocatedJournalTests {
  private func journal(_ directory: URL) -> URL {
    directory.appendingPathComponent("notes.journal")
  }

  /// A store with three records in its journal.
  private func storeWithThreeRecords(_ directory: URL) throws -> NotesStore {
    let store = try NotesStore.open(directory)
    try store.set("a", "x")
    try store.set("b", "y")
    try store.set("c", "z")
    return store
  }

  @Test func recordsAreWrittenInPlaceOverZerosWrittenInAdvance() throws {
    try withDirectory { directory in
      let store = try NotesStore.open(directory)
      try store.set("a", "x")
      let size = try journal(directory).bytes().count
      let records = try journal(directory).records().count
      #expect(size >= 64 * 1024 && size > records)
      try store.set("b", "y")
      try store.set("c", "z")
      let bytes = try journal(directory).bytes()
      expectEqual(bytes.count, size)
      let text = try journal(directory).recordsText()
      #expect(text.split(separator: "\n").count == 4 && text.hasSuffix("}\n"))
      #expect(bytes[text.utf8.count...].allSatisfy { $0 == 0 })
      #expect(try store.sizes().journal == text.utf8.count)
    }
  }

  @Test func theFileGrowsByAStepOfZerosWhenARecordDoesNotFit() throws {
    try withDirectory { directory in
      let store = try NotesStore.open(directory)
      var expected = ["first": "1"]
      var sizes: Set<Int> = []
      for number in 0..<8 {
        // About 20 KB a record: the first step of 64 KiB is passed after three.
        let text = String(repeating: "\(number)", count: 20_000)
        try store.set("k\(number)", text)
        expected["k\(number)"] = text
        let bytes = try journal(directory).bytes()
        let records = try journal(directory).records()
        sizes.insert(bytes.count)
        #expect(bytes.count > records.count, "write \(number)")
        expectEqual(records.last, UInt8(ascii: "\n"))
        #expect(bytes[records.count...].allSatisfy { $0 == 0 }, "write \(number)")
      }
      #expect(sizes.count >= 2)
      #expect(try NotesStore.open(directory).notes() == expected)
    }
  }

  @Test func anotherInstanceNoticesARecordWrittenWithoutTheFileGrowing() throws {
    try withDirectory { directory in
      let writer = try NotesStore.open(directory)
      try writer.set("a", "x")
      let reader = try NotesStore.open(directory)
      #expect(try reader.refresh() == false)
      let size = try journal(directory).bytes().count
      for (key, text) in [("b", "y"), ("c", "z"), ("a", nil)] {
        try writer.set(key, text)
        #expect(try journal(directory).bytes().count == size)
        #expect(try reader.refresh() == true, "\(key)")
        #expect(try reader.refresh() == false)
        #expect(try reader.notes() == (try writer.notes()))
      }
      #expect(try reader.generation() == 5)
    }
  }

  /// What a crash while writing into the zeros can leave after the last record: part of a
  /// record, then zeros (see ``JournalDamageTests`` for what is refused instead).
  @Test(arguments: [
    Array("{\"generation\": 5, \"len".utf8),
    Array("{\"generation\": 5, \"length\": 9, \"crc32\": \"00".utf8),
    Array("{\"generation\": 5, \"length\": 25, \"crc32\": \"00000000\", \"change\": {\"key".utf8),
  ])
  func aRecordCutShortInTheZerosIsIgnoredAndClearedByTheNextWrite(tail: [UInt8]) throws {
    try withDirectory { directory in
      _ = try storeWithThreeRecords(directory)
      let whole = try journal(directory).records()
      let size = try journal(directory).bytes().count
      try journal(directory).writeAtLogicalEnd(tail)
      #expect(try journal(directory).bytes().count == size)
      let reopened = try NotesStore.open(directory)
      #expect(try reopened.notes() == ["first": "1", "a": "x", "b": "y", "c": "z"])
      #expect(try reopened.generation() == 4)
      // A short record: the torn bytes reach past it, and must be cleared, not left behind it.
      try reopened.set("d", "w")
      let bytes = try journal(directory).bytes()
      let records = try journal(directory).records()
      expectEqual(Array(records.prefix(whole.count)), whole)
      expectEqual(records.split(separator: UInt8(ascii: "\n")).count, 5)
      expectEqual(records.last, UInt8(ascii: "\n"))
      #expect(bytes[records.count...].allSatisfy { $0 == 0 })
      try reopened.set("e", "v")
      #expect(
        try NotesStore.open(directory).notes()
          == ["first": "1", "a": "x", "b": "y", "c": "z", "d": "w", "e": "v"])
    }
  }

  @Test func aDamagedRecordBeforeTheLastIsStillAnErrorWithZerosAfterIt() throws {
    try withDirectory { directory in
      _ = try storeWithThreeRecords(directory)
      var bytes = try journal(directory).bytes()
      let text = try journal(directory).recordsText()
      // The first record's change ("x" → "X"): two valid records follow it.
      let first = try #require(text.range(of: "\"text\": \"x\"")).upperBound
      bytes[text.utf8.distance(from: text.startIndex, to: first) - 2] = UInt8(ascii: "X")
      try journal(directory).write(bytes)
      let error = storageError { _ = try NotesStore.open(directory) }
      guard case .corrupt(let path, let reason)? = error else {
        Issue.record("unexpected \(String(describing: error))")
        return
      }
      expectEqual(path, journal(directory).path)
      #expect(reason.hasPrefix("line 2: the checksum of its change is "))
      #expect(try journal(directory).bytes() == bytes)
    }
  }
}
