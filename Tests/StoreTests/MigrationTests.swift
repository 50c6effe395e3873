import Foundation
import Store
import Testing

@Suite struct MigrationTests {
  private func snapshot(_ directory: URL) -> URL {
    directory.appendingPathComponent("notes.json")
  }

  private func journal(_ directory: URL) -> URL {
    directory.appendingPathComponent("notes.journal")
  }

  @Test func aVersionOneFileWithoutEnvelopeIsMigratedOnOpenAndKept() throws {
    try withDirectory { directory in
      let old =
        "{\"schemaVersion\": 1, \"generation\": 12, \"pairs\": [[\"a\", \"x\"], [\"b\", \"y\"]]}\n"
      try snapshot(directory).write(Array(old.utf8))
      let store = try NotesStore.open(directory)
      #expect(try store.notes() == ["a": "x", "b": "y"])
      #expect(try store.generation() == 12)
      let text = try snapshot(directory).text()
      #expect(text.hasPrefix("{\"schemaVersion\": 2, \"generation\": 12, "))
      #expect(text.contains("\"data\": {\"notes\": {\n  \"a\": \"x\",\n  \"b\": \"y\"}}"))
      #expect(try directory.appendingPathComponent("notes.json.v1").text() == old)
      try store.set("c", "z")
      #expect(try NotesStore.open(directory).notes() == ["a": "x", "b": "y", "c": "z"])
    }
  }

  @Test func aVersionOneSnapshotAndJournalAreMigratedTogether() throws {
    try withDirectory { directory in
      let data = "{\"pairs\": [[\"a\", \"x\"]]}"
      let envelope =
        "{\"schemaVersion\": 1, \"generation\": 3, \"length\": \(data.utf8.count), "
        + "\"crc32\": \"\(CRC32.hex(CRC32.checksum(Array(data.utf8))))\",\n\"data\": \(data)}\n"
      try snapshot(directory).write(Array(envelope.utf8))
      var lines = "{\"schemaVersion\": 1, \"startsAfterGeneration\": 3}\n"
      for (generation, change) in [(4, "{\"set\": [\"b\", \"y\"]}"), (5, "{\"remove\": \"a\"}")] {
        lines +=
          "{\"generation\": \(generation), \"length\": \(change.utf8.count), \"crc32\": "
          + "\"\(CRC32.hex(CRC32.checksum(Array(change.utf8))))\", \"change\": \(change)}\n"
      }
      try journal(directory).write(Array(lines.utf8))
      let store = try NotesStore.open(directory)
      #expect(try store.notes() == ["b": "y"])
      #expect(try store.generation() == 5)
      #expect(
        try journal(directory).recordsText()
          == "{\"schemaVersion\": 2, \"startsAfterGeneration\": 5}\n")
      #expect(
        try snapshot(directory).text().hasPrefix("{\"schemaVersion\": 2, \"generation\": 5, "))
    }
  }

  @Test func aMigrationThatFailsNamesTheFileAndChangesNothing() throws {
    try withDirectory { directory in
      let old = "{\"schemaVersion\": 1, \"generation\": 2, \"pairs\": [[\"a\"]]}"
      try snapshot(directory).write(Array(old.utf8))
      #expect(
        throws: StorageError.corrupt(
          path: snapshot(directory).path, reason: "a pair is not [key, text]")
      ) { try NotesStore.open(directory) }
      #expect(try snapshot(directory).text() == old)
      #expect(
        !FileManager.default.fileExists(
          atPath: directory.appendingPathComponent("notes.json.v1").path))
    }
  }

  @Test(arguments: [3, 0])
  func aVersionWithoutMigrationIsRefusedAndKept(version: Int) throws {
    try withDirectory { directory in
      let future = "{\"schemaVersion\": \(version), \"generation\": 2, \"other\": []}"
      try snapshot(directory).write(Array(future.utf8))
      #expect(
        throws: StorageError.unsupportedVersion(
          path: snapshot(directory).path, found: version, supported: 2)
      ) { try NotesStore.open(directory) }
      #expect(try snapshot(directory).text() == future)
    }
  }
}
