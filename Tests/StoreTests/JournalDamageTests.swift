import Foundation
import ReactiveTesting
import Store
import Testing

/// A crash cuts short only the last record of the journal, and only by its end: damage
/// anywhere else, or a whole last record that does not verify, is refused with the journal
/// named and left as it is, never read as a shorter journal.
@Suite struct JournalDamageTests {
  private func journal(_ directory: URL) -> URL {
    directory.appendingPathComponent("notes.journal")
  }

  private func snapshot(_ directory: URL) -> URL {
    directory.appendingPathComponent("notes.json")
  }

  /// A store with three records in its journal (four lines with the header).
  private func storeWithThreeRecords(_ directory: URL) throws {
    let store = try NotesStore.open(directory)
    try store.set("a", "x")
    try store.set("b", "y")
    try store.set("c", "z")
  }

  /// The error opening the store gives, with both files checked to be unchanged by it.
  private func refusal(_ directory: URL, sourceLocation: SourceLocation = #_sourceLocation)
    throws -> StorageError?
  {
    let journalBytes = try journal(directory).bytes()
    let snapshotBytes = try snapshot(directory).bytes()
    let error = storageError(sourceLocation: sourceLocation) {
      _ = try NotesStore.open(directory)
    }
    #expect(try journal(directory).bytes() == journalBytes, sourceLocation: sourceLocation)
    #expect(try snapshot(directory).bytes() == snapshotBytes, sourceLocation: sourceLocation)
    return error
  }

  /// The offset of `text`'s first byte in the journal's records.
  private func offset(of text: String, in directory: URL) throws -> Int {
    let records = try journal(directory).recordsText()
    let range = try #require(records.range(of: text))
    return records.utf8.distance(from: records.startIndex, to: range.lowerBound)
  }

  @Test func aZeroByteInsideARecordWithRecordsAfterItIsRefused() throws {
    try withDirectory { directory in
      try storeWithThreeRecords(directory)
      var bytes = try journal(directory).bytes()
      bytes[try offset(of: "\"text\": \"y\"", in: directory)] = 0
      try journal(directory).write(bytes)
      let error = try refusal(directory)
      guard case .corrupt(let path, let reason)? = error else {
        Issue.record("unexpected \(String(describing: error))")
        return
      }
      expectEqual(path, journal(directory).path)
      #expect(reason.hasPrefix("line 3: its records end at a zero byte at offset "))
      #expect(error!.description.contains("notes.journal"))
    }
  }

  @Test func aZeroByteInsideTheLastRecordIsRefused() throws {
    try withDirectory { directory in
      try storeWithThreeRecords(directory)
      var bytes = try journal(directory).bytes()
      bytes[try offset(of: "\"text\": \"z\"", in: directory)] = 0
      try journal(directory).write(bytes)
      guard case .corrupt(let path, let reason)? = try refusal(directory) else {
        Issue.record("not refused as damaged")
        return
      }
      expectEqual(path, journal(directory).path)
      #expect(reason.hasPrefix("line 4: its records end at a zero byte"))
    }
  }

  @Test func aWholeLastRecordWhoseChecksumDoesNotMatchIsRefused() throws {
    try withDirectory { directory in
      try storeWithThreeRecords(directory)
      var bytes = try journal(directory).bytes()
      bytes[try offset(of: "\"text\": \"z\"", in: directory) + 9] = UInt8(ascii: "Z")
      try journal(directory).write(bytes)
      guard case .corrupt(let path, let reason)? = try refusal(directory) else {
        Issue.record("not refused as damaged")
        return
      }
      expectEqual(path, journal(directory).path)
      #expect(reason.hasPrefix("line 4: the checksum of its change is "))
    }
  }

  @Test(arguments: [
    Array("{\"generation\": 5, \"length\": 9}\n".utf8), Array("garbage\n".utf8),
    Array("{\"generation\": 5, \"length\": 9}x".utf8),
  ])
  func aLastLineThatIsWholeButNotARecordIsRefused(tail: [UInt8]) throws {
    try withDirectory { directory in
      try storeWithThreeRecords(directory)
      try journal(directory).writeAtLogicalEnd(tail)
      guard case .corrupt(let path, let reason)? = try refusal(directory) else {
        Issue.record("not refused as damaged")
        return
      }
      expectEqual(path, journal(directory).path)
      #expect(reason.hasPrefix("line 5"))
    }
  }

  @Test func aLastRecordWhoseLineBreakIsMissingIsReadAndTheNextWriteAddsIt() throws {
    try withDirectory { directory in
      try storeWithThreeRecords(directory)
      var bytes = try journal(directory).bytes()
      let records = try journal(directory).records()
      bytes[records.count - 1] = 0
      try journal(directory).write(bytes)
      let reopened = try NotesStore.open(directory)
      #expect(try reopened.notes() == ["first": "1", "a": "x", "b": "y", "c": "z"])
      #expect(try reopened.generation() == 4)
      // Another instance, open before the line break is written, reads on after it.
      let other = try NotesStore.open(directory)
      try reopened.set("d", "w")
      let written = try journal(directory).records()
      expectEqual(written.prefix(records.count), records[...])
      expectEqual(written.split(separator: UInt8(ascii: "\n")).count, 5)
      #expect(try other.notes()["d"] == "w")
      #expect(try other.generation() == 5)
      #expect(try NotesStore.open(directory).generation() == 5)
    }
  }

  @Test func aLastRecordWithAnotherByteForItsLineBreakIsRefused() throws {
    try withDirectory { directory in
      try storeWithThreeRecords(directory)
      var bytes = try journal(directory).bytes()
      let records = try journal(directory).records()
      bytes[records.count - 1] ^= 1
      try journal(directory).write(bytes)
      guard case .corrupt(_, let reason)? = try refusal(directory) else {
        Issue.record("not refused as damaged")
        return
      }
      #expect(reason.hasPrefix("line 4 (the last, without a line break): not valid JSON"))
    }
  }

  /// What a disk that wrote a record's first and last sectors and not the one between them
  /// leaves: its first bytes, the zeros of the sector it did not write, then its end.
  @Test func aRecordWithAWholeSectorMissingIsACrashAndIsClearedByTheNextWrite() throws {
    try withDirectory { directory in
      try storeWithThreeRecords(directory)
      let records = try journal(directory).records()
      let size = try journal(directory).bytes().count
      let start = records.count
      let sector = (start / 512 + 1) * 512
      let record = Array(
        ("{\"generation\": 5, \"length\": 1400, \"change\": \""
          + String(repeating: "x", count: 1400) + "\"}\n").utf8)
      var bytes = try journal(directory).bytes()
      bytes.replaceSubrange(start..<start + record.count, with: record)
      bytes.replaceSubrange(sector..<sector + 512, with: repeatElement(0, count: 512))
      try journal(directory).write(bytes)
      let reopened = try NotesStore.open(directory)
      #expect(try reopened.generation() == 4)
      try reopened.set("e", "v")
      let after = try journal(directory).bytes()
      let written = try journal(directory).records()
      expectEqual(after.count, size)
      expectEqual(written.prefix(records.count), records[...])
      #expect(after[written.count...].allSatisfy { $0 == 0 })
      #expect(try NotesStore.open(directory).notes()["e"] == "v")
    }
  }

  @Test(arguments: [
    // Zeros that are not whole sectors.
    ("{\"generation\": 5, \"len", false, "gth\": 9}\n"),
    // Whole sectors, but after part of a sector.
    ("{\"generation\": 5, \"len", true, "gth\": 9}\n"),
    // Whole sectors, then a line break with more after it.
    ("", true, "gth\": 9}\nmore\n"),
  ])
  func otherBytesPastTheFirstZeroAreRefused(prefix: String, sectors: Bool, text: String) throws {
    try withDirectory { directory in
      try storeWithThreeRecords(directory)
      let start = try journal(directory).records().count
      var bytes = try journal(directory).bytes()
      bytes.replaceSubrange(start..<start + prefix.utf8.count, with: Array(prefix.utf8))
      let end = start + prefix.utf8.count
      let at = sectors ? (end + 1023) / 512 * 512 : end + 2
      bytes.replaceSubrange(at..<at + text.utf8.count, with: Array(text.utf8))
      try journal(directory).write(bytes)
      guard case .corrupt(let path, let reason)? = try refusal(directory) else {
        Issue.record("not refused as damaged")
        return
      }
      expectEqual(path, journal(directory).path)
      #expect(reason.hasPrefix("line 5: its records end at a zero byte at offset \(end)"))
    }
  }
}
