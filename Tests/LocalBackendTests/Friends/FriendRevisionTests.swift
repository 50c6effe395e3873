import Foundation
import Models
import ReactiveTesting
import Services
import Store
import TestSupport
import Testing

@testable import LocalBackend

/// Each friend's revision: every write bumps it, and a change from a stale revision is
/// refused without writing, also when another store instance (as another process would) made
/// the change.
@Suite struct FriendRevisionTests {
  @Test func addedAndSeededFriendsStartAtTheFirstRevisionAndEachUpdateBumpsIt() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory, seed: .quickLogin)
      #expect(try store.records(Friend.self).allSatisfy { $0.revision == Friend.firstRevision })
      let added = try store.add(
        FriendDraft(firstName: "Zoe", lastName: "Baker", phoneNumber: "+1 555 010 9999"))
      expectEqual(added.revision, 1)
      var friend = added
      friend.firstName = "Zoë"
      let second = try store.update(friend)
      expectEqual(second.revision, 2)
      friend = second
      friend.lastName = "Bakers"
      #expect(try store.update(friend).revision == 3)
      // The revision survives a new instance reading the files.
      #expect(
        try LocalStore(directory: directory, seed: .quickLogin).record(Friend.self, id: added.id)
          .revision == 3)
    }
  }

  @Test func aChangeFromAStaleRevisionMadeByAnotherInstanceIsRefusedWithoutWriting() throws {
    try withTemporaryDirectory { directory in
      let tui = try LocalStore(directory: directory, seed: .quickLogin)
      let cli = try LocalStore(directory: directory, seed: .quickLogin)
      let loaded = try tui.record(Friend.self, id: 4)
      var elsewhere = try cli.record(Friend.self, id: 4)
      elsewhere.phoneNumber = "+1 555 010 0004"
      let current = try cli.update(elsewhere)
      let before = try directory.contentsBytes()
      var mine = loaded
      mine.firstName = "Mine"
      #expect(throws: StoreError.changedElsewhere(4, record: "friend")) {
        try tui.update(mine)
      }
      #expect(try directory.contentsBytes() == before)
      #expect(try tui.record(Friend.self, id: 4) == current)
      // Overwriting saves over whatever revision is stored.
      let overwritten = try tui.update(mine, overwriting: true)
      #expect(overwritten.revision == current.revision + 1)
      #expect(try cli.record(Friend.self, id: 4) == overwritten)
    }
  }

  @Test func theBackendReportsAStaleRevisionAsAServiceError() throws {
    try withBackend { fixture in
      let other = try LocalStore(directory: fixture.directory, seed: .quickLogin)
      let loaded = try other.record(Friend.self, id: 2)
      var elsewhere = loaded
      elsewhere.firstName = "Elsewhere"
      try other.update(elsewhere)
      expectEqual(
        fixture.run(fixture.backend.records(Friend.self).update(loaded)),
        [.error(0, ServiceError.changedElsewhere(id: 2))])
      #expect(try fixture.store.record(Friend.self, id: 2).firstName == "Elsewhere")
    }
  }

  @Test func aFriendWrittenBeforeRevisionsIsAtTheFirstRevision() throws {
    let line = #"{"id": 7, "firstName": "Grace", "lastName": "Hopper", "phoneNumber": "555 0100"}"#
    var reader = JSONReader(Array(line.utf8))
    let friend = try RecordCoding.read(Friend.self, from: &reader, dates: .timestamp)
    expectEqual(
      friend, Friend(id: 7, firstName: "Grace", lastName: "Hopper", phoneNumber: "555 0100"))
    expectEqual(friend.revision, 1)
    // So is one in an old journal's change, and one in an HTTP body.
    var change = JSONReader(Array(#"{"type": "updateFriend", "friend": \#(line)}"#.utf8))
    #expect(try StoreFileSchema.decodeChange(from: &change) == .update(friend))
    let decoded = try JSONDecoder().decode(Friend.self, from: Data(line.utf8))
    expectEqual(decoded.revision, 1)
  }

  @Test func theJournalKeepsTheRevisionOfEachChange() throws {
    let friend = Friend(id: 3, firstName: "A", lastName: "B", phoneNumber: "1", revision: 5)
    var writer = JSONWriter(capacity: 256)
    StoreFileSchema.encode(StoreFileSchema.Change.update(friend), to: &writer)
    var reader = JSONReader(writer.bytes)
    #expect(try StoreFileSchema.decodeChange(from: &reader) == .update(friend))
  }
}

extension URL {
  /// The bytes of every file in this directory, by name.
  fileprivate func contentsBytes() throws -> [String: Data] {
    var result: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: path) {
      result[name] = try Data(contentsOf: appendingPathComponent(name))
    }
    return result
  }
}
