import Foundation
import LocalBackend
import Models
import ReactiveTesting
import Store
import TestSupport
import Testing

/// The demo's friends and posts in the store's files.
@Suite struct LocalStoreDemoFileTests {
  @Test func aMistypedFriendFieldIsNamedWithItsPlace() throws {
    try withTemporaryDirectory { directory in
      let failure = try corruptionOnOpening(
        directory, replacing: "{\"id\": 1, ", with: "{\"id\": \"one\", ")
      expectEqual(failure?.path, directory.appendingPathComponent("store.json").path)
      expectEqual(failure?.reason.hasPrefix("friends["), true)
      expectEqual(failure?.reason.contains("].id: expected a whole number at line "), true)
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

  @Test func theSeedHoldsTheDemosFriendsAndPosts() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
      let envelope = try #require(
        try JSONSerialization.jsonObject(with: store.fileURL.bytes()) as? [String: Any])
      let object = try #require(envelope["data"] as? [String: Any])
      #expect(object["nextFriendId"] as? Int == 21)
      #expect(object["nextPostId"] as? Int == 101)
      expectEqual((object["friends"] as? [Any])?.count, 20)
      expectEqual((object["posts"] as? [Any])?.count, 100)
      #expect(try store.fileURL.bytes().count > 10_000)
      #expect(try LocalStore(directory: directory).records(Friend.self).count == 20)
    }
  }

  @Test func aStoreFileOfVersionOneKeepsItsFriendsAndPosts() throws {
    try withTemporaryDirectory { directory in
      let old = """
        {
          "schemaVersion": 1, "generation": 42,
          "account": {"email": "ada@example.com", "displayName": "Ada"},
          "password": "correct horse", "loggedIn": true, "nextFriendId": 8, "nextPostId": 12,
          "friends": [
            {"id": 7, "firstName": "Grace", "lastName": "Hopper", "phoneNumber": "555 0100 123"},
            {"id": 3, "firstName": "Alan", "lastName": "Turing", "phoneNumber": "555 0100 456"}
          ],
          "posts": [
            {"id": 11, "authorId": 2, "authorName": "Linus", "date": "2024-03-01T08:00:00Z", "text": "Hi"}
          ]
        }
        """
      try Data(old.utf8).write(to: directory.appendingPathComponent("store.json"))
      let store = try LocalStore(directory: directory)
      let snapshot = try store.snapshot()
      expectEqual(snapshot.friends.map(\.id), [3, 7])
      expectEqual(snapshot.posts.map(\.text), ["Hi"])
      #expect(
        try store.add(FriendDraft(firstName: "A", lastName: "B", phoneNumber: "5550100123"))
          .id == 8)
      #expect(try LocalStore(directory: directory).records(Friend.self).count == 3)
    }
  }

  /// A data directory written before records were written by their `Codable` conformance
  /// (a snapshot and a journal of version 3 in that form) opens with all its data, takes
  /// new writes, and reads the same once folded into a snapshot of today's form.
  @Test func aDataDirectoryOfTheEarlierFormOpensWithAllItsData() throws {
    try withTemporaryDirectory { directory in
      let data = """
        {
          "account": {"email": "ada@example.com", "displayName": "Ada"},
          "passwordHash": "\(StoreSeed.demoPasswordHash.encoded)",
          "loggedIn": true,
          "nextFriendId": 21,
          "nextPostId": 101,
          "friends": [
            {"id": 17, "firstName": "Samuel", "lastName": "Adeyemi", "phoneNumber": "+234 803 555 0917", "revision": 2},
            {"id": 4, "firstName": "Amara", "lastName": "Okafor", "phoneNumber": "+234 1 555 0183", "revision": 1}
          ],
          "posts": [
            {"id": 100, "authorId": 3, "authorName": "Hanna Virtanen", "date": "2024-03-04T10:15:00Z", "text": "Spring"},
            {"id": 7, "authorId": 1, "authorName": "Rosa Delgado", "date": "2024-03-01T13:15:00.250Z", "text": "Soup"}
          ]
        }
        """
      let changes = [
        #"{"type": "addFriend", "friend": {"id": 21, "firstName": "Grace", "lastName": "Hopper", "phoneNumber": "555 0100", "revision": 1}}"#,
        #"{"type": "updateFriend", "friend": {"id": 17, "firstName": "Sam", "lastName": "Adeyemi", "phoneNumber": "+234 803 555 0917", "revision": 3}}"#,
        #"{"type": "removeFriend", "id": 4}"#,
        #"{"type": "savePosts", "posts": [{"id": 101, "authorId": 2, "authorName": "Tomás Ibarra", "date": "2024-03-05T08:00:00Z", "text": "New"}]}"#,
        #"{"type": "logOut"}"#,
      ]
      try Data(framed(data, generation: 9).utf8).write(
        to: directory.appendingPathComponent("store.json"))
      var journal = #"{"schemaVersion": 3, "startsAfterGeneration": 9}"# + "\n"
      for (index, change) in changes.enumerated() {
        journal += record(change, generation: 10 + index)
      }
      try Data(journal.utf8).write(to: directory.appendingPathComponent("store.journal"))

      func check(_ store: LocalStore, generation: Int) throws {
        let snapshot = try store.snapshot()
        expectEqual(snapshot.generation, generation)
        expectEqual(snapshot.accountStatus, .unavailable)
        expectEqual(
          snapshot.friends,
          [
            Friend(id: 21, firstName: "Grace", lastName: "Hopper", phoneNumber: "555 0100"),
            Friend(
              id: 17, firstName: "Sam", lastName: "Adeyemi", phoneNumber: "+234 803 555 0917",
              revision: 3),
          ])
        expectEqual(snapshot.posts.map(\.id), [101, 100, 7])
        expectEqual(snapshot.posts[2].date, Date(timeIntervalSince1970: 1_709_298_900.25))
        expectEqual(snapshot.posts[0].author, Person(id: 2, name: "Tomás Ibarra"))
      }
      let store = try LocalStore(directory: directory)
      try check(store, generation: 14)
      #expect(
        try store.add(FriendDraft(firstName: "A", lastName: "B", phoneNumber: "5550100123"))
          .id == 22)
      try store.remove(Friend.self, id: 22)
      try store.compact()
      let folded = String(decoding: try store.fileURL.bytes(), as: UTF8.self)
      #expect(folded.contains(#""text": "Soup", "date": "2024-03-01T13:15:00.250Z"}"#))
      try check(LocalStore(directory: directory), generation: 16)
    }
  }

  /// A snapshot's text around its `data`, with its length and checksum.
  private func framed(_ data: String, generation: Int) -> String {
    let bytes = Array(data.utf8)
    return #"{"schemaVersion": 3, "generation": \#(generation), "length": \#(bytes.count), "#
      + #""crc32": "\#(CRC32.hex(CRC32.checksum(bytes)))",\#n"data": \#(data)}\#n"#
  }

  /// A journal line of `change`, which makes `generation`.
  private func record(_ change: String, generation: Int) -> String {
    let bytes = Array(change.utf8)
    return #"{"generation": \#(generation), "length": \#(bytes.count), "#
      + #""crc32": "\#(CRC32.hex(CRC32.checksum(bytes)))", "change": \#(change)}\#n"#
  }
}
