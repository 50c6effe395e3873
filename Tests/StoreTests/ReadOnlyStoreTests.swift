import Foundation
import ReactiveTesting
import Store
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A store whose lock file cannot be opened for writing (a read-only mount, files of another
/// user): it opens read-only, reads, and refuses writes saying the data is read-only. The
/// tests run as root, whom permissions do not stop, so the failure is simulated through
/// ``StoreOptions/simulatedWriteFailure``.
@Suite struct ReadOnlyStoreTests {
  private static let readOnly = StoreOptions(simulatedWriteFailure: EROFS)

  /// The names and bytes of the directory's files.
  private func files(_ directory: URL) throws -> [String: [UInt8]] {
    var files: [String: [UInt8]] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
      files[name] = try directory.appendingPathComponent(name).bytes()
    }
    return files
  }

  @Test(arguments: [EROFS, EACCES, EPERM])
  func aStoreThatCannotWriteItsLockFileReadsAndRefusesWritesAsReadOnly(code: Int32) throws {
    try withDirectory { directory in
      let writer = try NotesStore.open(directory)
      try writer.set("a", "x")
      let before = try files(directory)
      let store = try NotesStore.open(directory, options: StoreOptions(simulatedWriteFailure: code))
      #expect(try store.notes() == ["first": "1", "a": "x"])
      #expect(try store.generation() == 2)
      let error = storageError { try store.set("b", "y") }
      guard case .readOnly(let path, let reason)? = error else {
        Issue.record("unexpected \(String(describing: error))")
        return
      }
      expectEqual(path, directory.standardizedFileURL.path)
      let lock = directory.standardizedFileURL.appendingPathComponent("notes.lock").path
      expectEqual(reason, "\(lock): open failed: \(String(cString: strerror(code)))")
      expectEqual(
        error?.description,
        "\(path) is read-only (\(reason)): it can be read, but nothing can be saved there")
      #expect(storageError { try store.compact() } == error)
      #expect(try files(directory) == before)
      #expect(try store.notes() == ["first": "1", "a": "x"])
    }
  }

  @Test func aFailureThatDoesNotMakeTheFilesReadOnlyIsAFailedWrite() throws {
    try withDirectory { directory in
      _ = try NotesStore.open(directory)
      let store = try NotesStore.open(
        directory, options: StoreOptions(simulatedWriteFailure: EMFILE))
      #expect(try store.notes() == ["first": "1"])
      guard case .writeFailed? = storageError({ try store.set("b", "y") }) else {
        Issue.record("not a failed write")
        return
      }
    }
  }

  @Test func aReadOnlyStoreFollowsTheWritesAndFoldsOfAWritableOne() throws {
    try withDirectory { directory in
      let writer = try NotesStore.open(directory)
      let reader = try NotesStore.open(directory, options: Self.readOnly)
      #expect(try reader.refresh() == false)
      try writer.set("a", "x")
      #expect(try reader.refresh() == true)
      #expect(try reader.notes() == ["first": "1", "a": "x"])
      try writer.compact()
      try writer.set("b", "y")
      #expect(try reader.refresh() == true)
      #expect(try reader.notes() == ["first": "1", "a": "x", "b": "y"])
      #expect(try reader.generation() == 3)
    }
  }

  @Test func withoutLockOrWaitFilesTheStoreReadsAndWritesNone() throws {
    try withDirectory { directory in
      let writer = try NotesStore.open(directory)
      try writer.set("a", "x")
      for name in ["notes.lock", "notes.wait"] {
        try FileManager.default.removeItem(at: directory.appendingPathComponent(name))
      }
      let before = try files(directory)
      let store = try NotesStore.open(directory, options: Self.readOnly)
      #expect(try store.notes() == ["first": "1", "a": "x"])
      #expect(
        storageError { try store.set("b", "y") }.map { "\($0)" }?.contains("read-only") == true)
      #expect(try files(directory) == before)
    }
  }

  @Test(arguments: [true, false])
  func aDamagedJournalLineIsReportedWithOrWithoutALockFile(withLockFile: Bool) throws {
    try withDirectory { directory in
      let writer = try NotesStore.open(directory)
      try writer.set("a", "x")
      try writer.set("b", "y")
      if !withLockFile {
        try FileManager.default.removeItem(at: directory.appendingPathComponent("notes.lock"))
      }
      // The middle record's text changed: its checksum no longer matches.
      let journal = directory.appendingPathComponent("notes.journal")
      let text = try journal.recordsText()
      try journal.write(Array(text.replacingOccurrences(of: "\"x\"", with: "\"z\"").utf8))
      let error = storageError { _ = try NotesStore.open(directory, options: Self.readOnly) }
      guard case .corrupt(let path, _)? = error else {
        Issue.record("unexpected \(String(describing: error))")
        return
      }
      expectEqual(path, journal.standardizedFileURL.path)
    }
  }

  @Test func aMissingSnapshotIsNotCreatedAndTheErrorSaysWhy() throws {
    try withDirectory { directory in
      let error = storageError { _ = try NotesStore.open(directory, options: Self.readOnly) }
      let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      #expect(names.isEmpty)
      guard case .readOnly(_, let reason)? = error else {
        Issue.record("unexpected \(String(describing: error))")
        return
      }
      let snapshot = directory.standardizedFileURL.appendingPathComponent("notes.json").path
      #expect(reason.hasPrefix("\(snapshot) does not exist and cannot be created: "))
    }
  }

  @Test func anOlderVersionIsMigratedInMemoryOnly() throws {
    try withDirectory { directory in
      let old =
        "{\"schemaVersion\": 1, \"generation\": 12, \"pairs\": [[\"a\", \"x\"], [\"b\", \"y\"]]}\n"
      let snapshot = directory.appendingPathComponent("notes.json")
      try snapshot.write(Array(old.utf8))
      let store = try NotesStore.open(directory, options: Self.readOnly)
      #expect(try store.notes() == ["a": "x", "b": "y"])
      #expect(try store.generation() == 12)
      #expect(try snapshot.text() == old)
      #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["notes.json"])
    }
  }
}
