import Foundation
import ReactiveTesting
import Store
import Testing

@Suite struct DamagedFileTests {
  private func journal(_ directory: URL) -> URL {
    directory.appendingPathComponent("notes.journal")
  }

  private func snapshot(_ directory: URL) -> URL {
    directory.appendingPathComponent("notes.json")
  }

  /// A store with three records in its journal.
  private func storeWithThreeRecords(_ directory: URL) throws -> NotesStore {
    let store = try NotesStore.open(directory)
    try store.set("a", "x")
    try store.set("b", "y")
    try store.set("c", "z")
    return store
  }

  @Test(arguments: [
    Array("{\"generation\": 5, \"len".utf8),
    Array("{\"generation\": 5, \"length\": 9, \"crc32\": \"0000".utf8),
    [0, 0, 0, 0, 0, 0, 0, 0],
  ])
  func aTornLastRecordIsIgnoredAndCutOffByTheNextWrite(tail: [UInt8]) throws {
    try withDirectory { directory in
      _ = try storeWithThreeRecords(directory)
      // A journal as earlier versions wrote it, without zeros after its records, ending in a
      // torn line.
      let whole = try journal(directory).records()
      try journal(directory).write(whole + tail)
      let reopened = try NotesStore.open(directory)
      #expect(try reopened.notes() == ["first": "1", "a": "x", "b": "y", "c": "z"])
      #expect(try reopened.generation() == 4)
      try reopened.set("d", "w")
      let after = try journal(directory).records()
      expectEqual(Array(after.prefix(whole.count)), whole)
      #expect(after.count > whole.count && after.last == UInt8(ascii: "\n"))
      expectEqual(after.split(separator: UInt8(ascii: "\n")).count, 5)
      #expect(try NotesStore.open(directory).notes()["d"] == "w")
    }
  }

  @Test func aDamagedRecordBeforeTheLastIsAnErrorAndNothingIsWritten() throws {
    try withDirectory { directory in
      let store = try storeWithThreeRecords(directory)
      var bytes = try journal(directory).bytes()
      // Change one letter of the second record's change ("y" → "Y").
      let text = String(decoding: bytes, as: UTF8.self)
      let second = try #require(text.range(of: "\"text\": \"y\"")).upperBound
      bytes[text.utf8.distance(from: text.startIndex, to: second) - 2] = UInt8(ascii: "Y")
      try journal(directory).write(bytes)
      let expected = StorageError.corrupt(
        path: journal(directory).path,
        reason: "line 3: the checksum of its change is "
          + CRC32.hex(CRC32.checksum(Array("{\"key\": \"b\", \"text\": \"Y\"}".utf8)))
          + ", not " + CRC32.hex(CRC32.checksum(Array("{\"key\": \"b\", \"text\": \"y\"}".utf8)))
          + " as written: the bytes were changed after they were written")
      #expect(throws: expected) { try store.notes() }
      #expect(throws: expected) { try store.set("d", "w") }
      #expect(throws: expected) { try NotesStore.open(directory) }
      #expect(try journal(directory).bytes() == bytes)
      #expect(expected.description.contains(journal(directory).path))
    }
  }

  @Test func aRecordOutOfSequenceIsAnError() throws {
    try withDirectory { directory in
      try storeWithThreeRecords(directory).set("d", "w")
      let lines = try journal(directory).text().split(
        separator: "\n", omittingEmptySubsequences: false)
      // Drop the second record, keep the third and fourth.
      let damaged = [lines[0], lines[1], lines[3], lines[4], lines[5]].joined(separator: "\n")
      try journal(directory).write(Array(damaged.utf8))
      #expect(
        throws: StorageError.corrupt(
          path: journal(directory).path,
          reason: "line 3: its generation is 4, but the line before made generation 2")
      ) { try NotesStore.open(directory) }
    }
  }

  @Test func aJournalThatStartsAfterTheSnapshotIsAnError() throws {
    try withDirectory { directory in
      let store = try NotesStore.open(directory)
      try store.set("a", "x")
      try journal(directory).write(
        Array("{\"schemaVersion\": 2, \"startsAfterGeneration\": 7}\n".utf8))
      let error = storageError { _ = try NotesStore.open(directory) }
      guard case .corrupt(let path, let reason)? = error else {
        Issue.record("unexpected \(String(describing: error))")
        return
      }
      expectEqual(path, journal(directory).path)
      #expect(reason.contains("does not follow the snapshot"))
    }
  }

  @Test func aDamagedSnapshotIsAnErrorAndIsNeverWrittenOver() throws {
    try withDirectory { directory in
      let store = try storeWithThreeRecords(directory)
      try store.compact()
      var bytes = try snapshot(directory).bytes()
      let index = try #require(bytes.lastIndex(of: UInt8(ascii: "z")))
      bytes[index] = UInt8(ascii: "Z")
      try snapshot(directory).write(bytes)
      let error = storageError { try store.set("d", "w") }
      guard case .corrupt(let path, let reason)? = error else {
        Issue.record("unexpected \(String(describing: error))")
        return
      }
      expectEqual(path, snapshot(directory).path)
      #expect(reason.hasPrefix("the checksum of its data is "))
      #expect(throws: error!) { try NotesStore.open(directory) }
      #expect(throws: error!) { try store.compact() }
      #expect(try snapshot(directory).bytes() == bytes)
    }
  }

  @Test func aDamagedLargeSnapshotIsAnErrorToo() throws {
    // Large enough for its checksum to be computed while its data is decoded.
    try withDirectory { directory in
      let store = try NotesStore.open(directory)
      try store.set("big", String(repeating: "0123456789abcdef", count: 80_000))
      try store.set("small", "z")
      try store.compact()
      var bytes = try snapshot(directory).bytes()
      #expect(bytes.count > 1 << 20)
      let index = try #require(bytes.lastIndex(of: UInt8(ascii: "a")))
      bytes[index] = UInt8(ascii: "b")
      try snapshot(directory).write(bytes)
      let error = storageError { _ = try NotesStore.open(directory) }
      guard case .corrupt(let path, let reason)? = error else {
        Issue.record("unexpected \(String(describing: error))")
        return
      }
      expectEqual(path, snapshot(directory).path)
      #expect(reason.hasPrefix("the checksum of its data is "))
      #expect(try snapshot(directory).bytes() == bytes)
    }
  }

  @Test(arguments: [
    ("", "not valid JSON: the text ends too early at line 1, column 1"),
    ("{\"schemaVersion\": 2, \"generation\": 1, \"data\": {}}", "missing field length"),
    (
      "{\"schemaVersion\": 2, \"generation\": 1, \"length\": 2, \"crc32\": \"xyz\", \"data\": {}}",
      "crc32 is not eight hexadecimal digits"
    ),
    (
      "{\"schemaVersion\": 2, \"generation\": 1, \"length\": 99, \"crc32\": \"00000000\", \"data\": {}}",
      "its data is shorter than its length says"
    ),
  ])
  func snapshotProblemsAreNamed(text: String, reason: String) throws {
    try withDirectory { directory in
      try snapshot(directory).write(Array(text.utf8))
      #expect(throws: StorageError.corrupt(path: snapshot(directory).path, reason: reason)) {
        try NotesStore.open(directory)
      }
      #expect(try snapshot(directory).text() == text)
    }
  }

  @Test func deeplyNestedDataIsRefusedWithoutCrashing() throws {
    try withDirectory { directory in
      let data =
        "{\"notes\": {}, \"deep\": " + String(repeating: "[", count: 100_000)
        + String(repeating: "]", count: 100_000) + "}"
      let checksum = CRC32.hex(CRC32.checksum(Array(data.utf8)))
      let text =
        "{\"schemaVersion\": 2, \"generation\": 1, \"length\": \(data.utf8.count), "
        + "\"crc32\": \"\(checksum)\", \"data\": \(data)}\n"
      try snapshot(directory).write(Array(text.utf8))
      let error = storageError { _ = try NotesStore.open(directory) }
      guard case .corrupt(_, let reason)? = error else {
        Issue.record("unexpected \(String(describing: error))")
        return
      }
      #expect(reason.contains("nested more than 512 deep"))
      // The same without the envelope, as a file of the first version would be.
      try snapshot(directory).write(
        Array(("{\"schemaVersion\": 1, \"x\": " + String(repeating: "[", count: 100_000)).utf8))
      #expect(throws: StorageError.self) { try NotesStore.open(directory) }
    }
  }

  @Test func aFileLargerThanTheLimitIsRefused() throws {
    try withDirectory { directory in
      let store = try NotesStore.open(directory)
      try store.set("big", String(repeating: "x", count: 2_000))
      try store.compact()
      let size = try snapshot(directory).bytes().count
      let options = StoreOptions(maximumFileBytes: 1_000)
      #expect(
        throws: StorageError.tooLarge(path: snapshot(directory).path, size: size, limit: 1_000)
      ) { try NotesStore.open(directory, options: options) }
      // A store with a larger limit writes a journal this one does not read.
      let unbounded = try NotesStore.open(directory)
      try unbounded.set("more", String(repeating: "y", count: 3_000))
      let error = storageError {
        _ = try NotesStore.open(directory, options: StoreOptions(maximumFileBytes: 3_000))
      }
      guard case .tooLarge(let path, _, 3_000)? = error else {
        Issue.record("unexpected \(String(describing: error))")
        return
      }
      expectEqual(path, journal(directory).path)
      #expect(error!.description.contains("more than the 3000 bytes the store reads"))
    }
  }
}

@Suite struct DataDirectoryPathTests {
  @Test func aDirectoryPathThatIsAFileIsRefusedAndLeftAlone() throws {
    try withDirectory { directory in
      let file = directory.appendingPathComponent("not-a-folder")
      try Data("keep me".utf8).write(to: file)
      #expect(throws: StorageError.notADirectory(path: file.path)) {
        _ = try NotesStore.open(file)
      }
      #expect(try String(contentsOf: file, encoding: .utf8) == "keep me")
    }
  }
}
