import Foundation
import ReactiveTesting
import Testing

@testable import Store

/// A damaged journal line is refused once it runs past where a record could end, without
/// reading the rest of it, however long it is.
@Suite struct LongJournalLineTests {
  private func journal(_ directory: URL) -> URL {
    directory.appendingPathComponent("notes.journal")
  }

  private static let megabytes = 4

  @Test(arguments: [
    // Its length says 10 bytes, but its change runs on.
    "{\"generation\": 5, \"length\": 10, \"crc32\": \"00000000\", \"change\": \"",
    // No fields before its change.
    "{\"change\": \"",
    // Not a record at all.
    "\"",
  ])
  func aLongDamagedLineIsRefusedAfterReadingPastItsBoundOnly(start: String) throws {
    try withDirectory { directory in
      let store = try NotesStore.open(directory)
      try store.set("a", "x")
      try store.set("b", "y")
      try store.set("c", "z")
      let line =
        Array(start.utf8) + [UInt8](repeating: UInt8(ascii: "q"), count: Self.megabytes << 20)
        + Array("\"}\n".utf8)
      let next = Array(
        "{\"generation\": 6, \"length\": 2, \"crc32\": \"00000000\", \"change\": {}}\n".utf8)
      try journal(directory).writeAtLogicalEnd(line + next)
      let before = store.journalBytesRead
      let error = storageError { _ = try store.notes() }
      guard case .corrupt(let path, let reason)? = error else {
        Issue.record("unexpected \(String(describing: error))")
        return
      }
      expectEqual(path, journal(directory).path)
      #expect(reason.hasPrefix("line 5: it runs on past offset "))
      // Read twice (the second time under the lock, from the start), and the zeros after.
      let read = store.journalBytesRead - before
      #expect(read < 512 << 10, "\(read) bytes read")
      #expect(throws: error!) { try NotesStore.open(directory) }
    }
  }

  @Test func aLastLineLongerThanItsLengthSaysIsNotTakenForOneCutShort() throws {
    try withDirectory { directory in
      let store = try NotesStore.open(directory)
      try store.set("a", "x")
      // Its length says 10 bytes; 5,000 follow, then the zeros.
      let line =
        Array("{\"generation\": 3, \"length\": 10, \"crc32\": \"00000000\", \"change\": \"".utf8)
        + [UInt8](repeating: UInt8(ascii: "q"), count: 5_000)
      try journal(directory).writeAtLogicalEnd(line)
      let error = storageError { _ = try NotesStore.open(directory) }
      guard case .corrupt(let path, let reason)? = error else {
        Issue.record("unexpected \(String(describing: error))")
        return
      }
      expectEqual(path, journal(directory).path)
      #expect(reason.hasPrefix("line 3: it runs on past offset "))
    }
  }

  @Test func aLongRecordIsReadWhole() throws {
    try withDirectory { directory in
      // Not folded into the snapshot, so that the record stays in the journal.
      let options = StoreOptions(minimumJournalBytes: 1 << 30)
      let store = try NotesStore.open(directory, options: options)
      let text = String(repeating: "0123456789", count: Self.megabytes * 100_000)
      try store.set("long", text)
      try store.set("after", "z")
      let reader = try NotesStore.open(directory, options: options)
      #expect(try reader.notes()["long"] == text)
      #expect(try reader.notes()["after"] == "z")
      #expect(reader.journalBytesRead >= text.utf8.count)
    }
  }
}
