import Foundation
import LocalBackend
import Models
import Store
import TestSupport
import Testing

/// The demo's friends and posts in the store's files.
@Suite struct LocalStoreDemoFileTests {
  @Test func aMistypedFriendFieldIsNamedWithItsPlace() throws {
    try withTemporaryDirectory { directory in
      let failure = try corruptionOnOpening(
        directory, replacing: "{\"id\": 1, ", with: "{\"id\": \"one\", ")
      #expect(failure?.path == directory.appendingPathComponent("store.json").path)
      #expect(failure?.reason.hasPrefix("friends[") == true)
      #expect(failure?.reason.contains("].id: expected a whole number at line ") == true)
    }
  }

  @Test func duplicateIdentifiersAreCorrupt() throws {
    try withTemporaryDirectory { directory in
      let file = directory.appendingPathComponent("store.json")
      _ = try LocalStore(directory: directory)
      var snapshot = try SnapshotText(file)
      snapshot.data = try snapshot.editingData { object in
        var friends = object["friends"] as? [[String: Any]] ?? []
        friends[1]["id"] = friends[0]["id"]
        object["friends"] = friends
      }
      try snapshot.bytes.write(to: file)
      #expect(throws: StoreError.self) { try LocalStore(directory: directory) }
      do throws(StoreError) {
        _ = try LocalStore(directory: directory)
      } catch {
        #expect(error.description.contains("two friends have the identifier"))
      }
    }
  }
}
