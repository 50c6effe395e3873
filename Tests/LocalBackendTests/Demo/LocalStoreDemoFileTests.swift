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
      let file = directory.appendingPathComponent("store.json")
      _ = try LocalStore(directory: directory)
      var snapshot = try SnapshotText(file)
      snapshot.data = snapshot.data.replacingOccurrences(
        of: "{\"id\": 1, ", with: "{\"id\": \"one\", ")
      try snapshot.bytes.write(to: file)
      do throws(StoreError) {
        _ = try LocalStore(directory: directory)
        Issue.record("a mistyped field was accepted")
      } catch {
        guard case .corrupt(let path, let reason) = error else {
          Issue.record("unexpected \(error)")
          return
        }
        #expect(path == file.path)
        #expect(reason.hasPrefix("friends["))
        #expect(reason.contains("].id: expected a whole number at line "))
      }
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
