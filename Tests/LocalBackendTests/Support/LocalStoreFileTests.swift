import Foundation
import LocalBackend
import Models
import ReactiveTesting
import Store
import Synchronization
import TestSupport
import Testing

@Suite struct LocalStoreFileTests {
  @Test func seedingIsDeterministic() throws {
    try withTemporaryDirectory { first in
      try withTemporaryDirectory { second in
        _ = try LocalStore(directory: first)
        _ = try LocalStore(directory: second)
        let a = try first.appendingPathComponent("store.json").bytes()
        let b = try second.appendingPathComponent("store.json").bytes()
        expectEqual(a, b)
      }
    }
  }

  @Test func theSeedIsMadeOnlyWhenTheStoreIsNew() throws {
    final class Count: Sendable { let value = Atomic<Int>(0) }
    let made = Count()
    @Sendable func seed() -> StoreSeed {
      made.value.add(1, ordering: .relaxed)
      return .empty
    }
    try withTemporaryDirectory { directory in
      _ = try LocalStore(directory: directory, seed: seed())
      expectEqual(made.value.load(ordering: .relaxed), 1)
      // The store exists: opening it again makes no seed.
      _ = try LocalStore(directory: directory, seed: seed())
      expectEqual(made.value.load(ordering: .relaxed), 1)
    }
  }

  @Test func seededFileHasTheDocumentedShape() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
      let envelope = try #require(
        try JSONSerialization.jsonObject(with: store.fileURL.bytes()) as? [String: Any])
      #expect(envelope["schemaVersion"] as? Int == 3)
      #expect(envelope["generation"] as? Int == 1)
      expectEqual((envelope["crc32"] as? String)?.count, 8)
      let object = try #require(envelope["data"] as? [String: Any])
      #expect(envelope["length"] as? Int == (try SnapshotText(store.fileURL)).data.utf8.count)
      #expect(object["loggedIn"] as? Bool == false)
      #expect(object["password"] == nil)
      #expect(object["passwordHash"] as? String == StoreSeed.demoPasswordHash.encoded)
      let account = try #require(object["account"] as? [String: Any])
      #expect(account["email"] as? String == "ada@example.com")
      #expect(account["displayName"] as? String == "Ada")
    }
  }

  /// Two apps on one data directory, one with a feature the other does not have: the other
  /// keeps the feature's records through its own writes and folds.
  @Test func aCollectionThisAppDoesNotHaveSurvivesItsWritesAndFolds() throws {
    try withTemporaryDirectory { directory in
      _ = try LocalStore(directory: directory, seed: .quickLogin)
      var snapshot = try SnapshotText(directory.appendingPathComponent("store.json"))
      // Written back one field a line, as the store writes its own.
      let notes = #""nextNoteId": 2,\#n  "notes": [{"id": 1, "text": "written by another app"}]"#
      #expect(snapshot.data.hasSuffix("\n}"))
      snapshot.data = String(snapshot.data.dropLast(2)) + ",\n  " + notes + "\n}"
      #expect(snapshot.data.contains(#""notes": [{"id": 1"#))
      try snapshot.bytes.write(to: directory.appendingPathComponent("store.json"))

      let store = try LocalStore(directory: directory)
      _ = try store.logIn(email: "ada@example.com", password: StoreSeed.demoPassword)
      try store.compact()
      let folded = try SnapshotText(store.fileURL)
      expectEqual(folded.generation, snapshot.generation + 1)
      #expect(folded.data.hasSuffix(",\n  " + notes + "\n}"), "\(folded.data)")
      // And once more, from the file this app wrote.
      let again = try LocalStore(directory: directory)
      try again.logOut()
      try again.compact()
      #expect(try SnapshotText(store.fileURL).data.hasSuffix(",\n  " + notes + "\n}"))
    }
  }

  @Test func everyWriteAddsOneToTheGeneration() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
      #expect(try store.snapshot().generation == 1)
      try store.logOut()
      try store.logOut()
      #expect(try store.snapshot().generation == 3)
      #expect(try LocalStore(directory: directory).snapshot().generation == 3)
    }
  }

  @Test func missingDirectoryIsCreated() throws {
    try withTemporaryDirectory { directory in
      let nested = directory.appendingPathComponent("a/b/friends", isDirectory: true)
      let store = try LocalStore(directory: nested)
      #expect(FileManager.default.fileExists(atPath: store.fileURL.path))
      expectEqual(store.fileURL.path, nested.appendingPathComponent("store.json").path)
    }
  }

  @Test func aFileDeletedWhileOpenIsSeededAgainOnlyByTheNextOpen() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
      try store.logOut()
      try FileManager.default.removeItem(at: store.fileURL)
      let deleted = StoreError.deleted(path: store.fileURL.path)
      #expect(throws: deleted) { try store.accountStatus() }
      #expect(throws: deleted) { try store.logOut() }
      #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))
      let reopened = try LocalStore(directory: directory)
      #expect(try reopened.snapshot().generation == 1)
      #expect(try reopened.accountStatus() == .unavailable)
    }
  }

  @Test func aDirectoryDeletedWhileOpenIsADeletedFile() throws {
    try withTemporaryDirectory { directory in
      let nested = directory.appendingPathComponent("friends", isDirectory: true)
      let store = try LocalStore(directory: nested)
      try FileManager.default.removeItem(at: nested)
      #expect(throws: StoreError.deleted(path: store.fileURL.path)) { try store.snapshot() }
      #expect(!FileManager.default.fileExists(atPath: nested.path))
    }
  }

  @Test func corruptFileIsReportedAndNeverOverwritten() throws {
    try withTemporaryDirectory { directory in
      let file = directory.appendingPathComponent("store.json")
      let garbage = Data("{\"schemaVersion\": 1, \"friends\": [".utf8)
      try garbage.write(to: file)
      let reason = "not valid JSON: the text ends too early at line 1, column 34"
      #expect(throws: StoreError.corrupt(path: file.path, reason: reason)) {
        try LocalStore(directory: directory)
      }
      do throws(StoreError) {
        _ = try LocalStore(directory: directory)
      } catch {
        #expect(error.description.contains(file.path))
        #expect(error.description.contains("not valid JSON"))
        #expect(error.isFileProblem)
      }
      #expect(try file.bytes() == garbage)
    }
  }

  @Test func fileDamagedWhileOpenFailsReadsAndWritesAndStaysUntouched() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
      let garbage = Data("not json at all".utf8)
      try garbage.write(to: store.fileURL)
      let expected = StoreError.corrupt(
        path: store.fileURL.path, reason: "not valid JSON: expected an object at line 1, column 1")
      #expect(throws: expected) { try store.accountStatus() }
      #expect(throws: expected) { try store.logOut() }
      #expect(throws: expected) { try store.reloadIfChanged() }
      #expect(try store.fileURL.bytes() == garbage)
      #expect(
        !FileManager.default.fileExists(
          atPath: directory.appendingPathComponent("store.json.tmp").path))
    }
  }

  @Test func missingFieldIsNamed() throws {
    try withTemporaryDirectory { directory in
      let file = directory.appendingPathComponent("store.json")
      let store = try LocalStore(directory: directory)
      var snapshot = try SnapshotText(file)
      snapshot.data = try snapshot.editingData { $0["loggedIn"] = nil }
      let damaged = snapshot.bytes
      try damaged.write(to: file)
      #expect(throws: StoreError.corrupt(path: file.path, reason: "missing field loggedIn")) {
        try store.snapshot()
      }
      #expect(try file.bytes() == damaged)
    }
  }

  @Test func wrongTypeIsNamedWithItsPlace() throws {
    try withTemporaryDirectory { directory in
      let failure = try corruptionOnOpening(
        directory, replacing: "\"loggedIn\": false", with: "\"loggedIn\": \"no\"")
      expectEqual(failure?.path, directory.appendingPathComponent("store.json").path)
      expectEqual(failure?.reason.hasPrefix("loggedIn: expected "), true)
    }
  }

  @Test func unknownSchemaVersionIsReportedAndNeverOverwritten() throws {
    try withTemporaryDirectory { directory in
      let file = directory.appendingPathComponent("store.json")
      let store = try LocalStore(directory: directory)
      var snapshot = try SnapshotText(file)
      snapshot.version = 4
      let newer = snapshot.bytes
      try newer.write(to: file)
      let expected = StoreError.unsupportedVersion(path: file.path, found: 4, supported: 3)
      #expect(throws: expected) { try store.accountStatus() }
      #expect(throws: expected) { try store.logOut() }
      #expect(throws: expected) { try LocalStore(directory: directory) }
      #expect(try file.bytes() == newer)
      #expect(expected.description.contains(file.path))
      #expect(expected.description.contains("version 4"))
    }
  }

  @Test func unknownVersionWithAnotherShapeIsAVersionError() throws {
    try withTemporaryDirectory { directory in
      let file = directory.appendingPathComponent("store.json")
      let future = Data(#"{"schemaVersion": 7, "records": []}"#.utf8)
      try future.write(to: file)
      #expect(throws: StoreError.unsupportedVersion(path: file.path, found: 7, supported: 3)) {
        try LocalStore(directory: directory)
      }
      #expect(try file.bytes() == future)
    }
  }

  @Test func aStoreFileOfVersionOneIsMigratedOnFirstOpen() throws {
    try withTemporaryDirectory { directory in
      // The single file the store wrote before it had a journal.
      let old = """
        {
          "schemaVersion": 1,
          "generation": 42,
          "account": {"email": "ada@example.com", "displayName": "Ada"},
          "password": "correct horse",
          "loggedIn": true,
          "nextFriendId": 8,
          "nextPostId": 12,
          "friends": [
            {"id": 7, "firstName": "Grace", "lastName": "Hopper", "phoneNumber": "555 0100 123"},
            {"id": 3, "firstName": "Alan", "lastName": "Turing", "phoneNumber": "555 0100 456"}
          ],
          "posts": [
            {"id": 11, "authorId": 2, "authorName": "Linus", "date": "2024-03-01T08:00:00Z", "text": "Hi"}
          ]
        }

        """
      let file = directory.appendingPathComponent("store.json")
      try Data(old.utf8).write(to: file)
      let store = try LocalStore(directory: directory)
      let snapshot = try store.snapshot()
      expectEqual(snapshot.generation, 42)
      expectEqual(snapshot.accountStatus, .authorized(StoreSeed.demoAccount))
      let migrated = try SnapshotText(file)
      expectEqual(migrated.version, 3)
      #expect(!migrated.data.contains("schemaVersion"))
      try expectNoPlainPassword(in: directory, migrated: migrated)
    }
  }

  @Test func aPlainTextPasswordOfVersionTwoIsHashedOnFirstOpen() throws {
    try withTemporaryDirectory { directory in
      let file = directory.appendingPathComponent("store.json")
      _ = try LocalStore(directory: directory)
      // The same store as version 2 wrote it: the password in plain text.
      var old = try SnapshotText(file)
      old.version = 2
      old.data = try old.editingData { data in
        data["passwordHash"] = nil
        data["password"] = "correct horse"
      }
      try old.bytes.write(to: file)
      let store = try LocalStore(directory: directory)
      let migrated = try SnapshotText(file)
      expectEqual(migrated.version, 3)
      try expectNoPlainPassword(in: directory, migrated: migrated)
      let stored = try #require(
        try JSONSerialization.jsonObject(with: Data(migrated.data.utf8)) as? [String: Any])
      let hash = try #require(stored["passwordHash"] as? String)
      #expect(hash.hasPrefix("pbkdf2-sha256$600000$"))
      #expect(hash != StoreSeed.demoPasswordHash.encoded)  // a new random salt
      #expect(throws: StoreError.wrongPassword) {
        try store.logIn(email: "ada@example.com", password: "correct hors")
      }
      #expect(
        try store.logIn(email: "ada@example.com", password: "correct horse").email
          == "ada@example.com")
    }
  }

  /// Checks that the migrated snapshot has a hash, and that no file in `directory` holds the
  /// plain-text password any more (the copy of the old version included).
  func expectNoPlainPassword(in directory: URL, migrated: SnapshotText) throws {
    #expect(migrated.data.contains("\"passwordHash\": \"pbkdf2-sha256$"))
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
      let text = String(
        decoding: try directory.appendingPathComponent(name).bytes(), as: UTF8.self)
      #expect(!text.contains("correct horse"), "\(name) holds the password")
    }
  }

  @Test func unreadableFileIsReported() throws {
    try withTemporaryDirectory { directory in
      // A directory where the file should be: opening works, reading fails (even as root).
      let file = directory.appendingPathComponent("store.json", isDirectory: true)
      try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
      do throws(StoreError) {
        _ = try LocalStore(directory: directory)
        Issue.record("an unreadable file was accepted")
      } catch {
        guard case .unreadable(let path, let reason) = error else {
          Issue.record("unexpected \(error)")
          return
        }
        expectEqual(path, directory.appendingPathComponent("store.json").path)
        #expect(reason.contains("read failed"))
        #expect(error.description.contains(path))
      }
      var isDirectory: ObjCBool = false
      #expect(FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory))
      #expect(isDirectory.boolValue)
    }
  }

  @Test func staleTemporaryFileIsRemovedOnOpen() throws {
    try withTemporaryDirectory { directory in
      _ = try LocalStore(directory: directory)
      let temporary = directory.appendingPathComponent("store.json.tmp")
      try Data("half a write".utf8).write(to: temporary)
      let store = try LocalStore(directory: directory)
      #expect(!FileManager.default.fileExists(atPath: temporary.path))
      #expect(try store.snapshot().generation == 1)
    }
  }

  @Test func storeFileIsPrivateToItsOwner() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
      let attributes = try FileManager.default.attributesOfItem(atPath: store.fileURL.path)
      expectEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
    }
  }

  @Test func concurrentWritesFromManyThreadsAreAllKept() async throws {
    try await withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory, seed: .empty)
      let other = try LocalStore(directory: directory, seed: .empty)
      try await withThrowingTaskGroup(of: Void.self) { group in
        for task in 0..<8 {
          let target = task.isMultiple(of: 2) ? store : other
          group.addTask {
            for _ in 0..<10 {
              try target.logOut()
            }
          }
        }
        try await group.waitForAll()
      }
      #expect(try other.snapshot() == store.snapshot())
      #expect(try store.snapshot().generation == 81)
    }
  }
}

/// The parts of a snapshot file, to damage its data as a test needs and write it back with the
/// length and checksum the store would give it.
struct SnapshotText {
  var version: Int
  var generation: Int
  /// The text of the `data` value.
  var data: String

  init(_ file: URL) throws {
    let text = String(decoding: try file.bytes(), as: UTF8.self)
    let envelope = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    version = try #require(envelope["schemaVersion"] as? Int)
    generation = try #require(envelope["generation"] as? Int)
    let start = try #require(text.range(of: "\"data\": "))
    #expect(text.hasSuffix("}\n"))
    data = String(text[start.upperBound...].dropLast(2))
  }

  /// The file's text.
  var bytes: Data {
    let checksum = CRC32.hex(CRC32.checksum(Array(data.utf8)))
    return Data(
      ("{\"schemaVersion\": \(version), \"generation\": \(generation), "
        + "\"length\": \(data.utf8.count), \"crc32\": \"\(checksum)\",\n\"data\": \(data)}\n").utf8)
  }

  /// The data, changed by `edit` as a dictionary.
  func editingData(_ edit: (inout [String: Any]) -> Void) throws -> String {
    var object = try #require(
      try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
    edit(&object)
    return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
  }
}

/// Seeds a store in `directory`, replaces `text` with `replacement` in its snapshot's data,
/// and opens it again: the path and the reason of the `corrupt` error that opening must fail
/// with, or `nil` (with an issue recorded) when it opens or fails otherwise.
func corruptionOnOpening(
  _ directory: URL, replacing text: String, with replacement: String
) throws -> (path: String, reason: String)? {
  let file = directory.appendingPathComponent("store.json")
  _ = try LocalStore(directory: directory)
  var snapshot = try SnapshotText(file)
  snapshot.data = snapshot.data.replacingOccurrences(of: text, with: replacement)
  try snapshot.bytes.write(to: file)
  do throws(StoreError) {
    _ = try LocalStore(directory: directory)
    Issue.record("a mistyped field was accepted")
  } catch {
    guard case .corrupt(let path, let reason) = error else {
      Issue.record("unexpected \(error)")
      return nil
    }
    return (path, reason)
  }
  return nil
}
