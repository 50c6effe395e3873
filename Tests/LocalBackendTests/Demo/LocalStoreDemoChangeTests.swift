import Foundation
import LocalBackend
import Models
import ReactiveTesting
import Services
import TestSupport
import Testing

/// What the store reports when the demo's friends and posts change.
@Suite struct LocalStoreDemoChangeTests {
  private let draft = FriendDraft(firstName: "Zoe", lastName: "Baker", phoneNumber: "5550100123")

  @Test func readingFriendsChangesNothing() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
      #expect(try store.reloadIfChanged() == nil)
      _ = try store.records(Friend.self)
      #expect(try store.reloadIfChanged() == nil)
    }
  }

  @Test func insertionIsReportedAtItsNewPosition() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
      let added = try store.add(draft)
      let changes = try #require(try store.reloadIfChanged())
      let index = try #require(changes.snapshot.friends.firstIndex(of: added))
      expectEqual(changes.friends, ChangeSet(insertions: [index]))
      #expect(changes.posts.isEmpty)
      #expect(!changes.accountChanged)
      expectEqual(changes.snapshot.generation, 2)
      #expect(try store.reloadIfChanged() == nil)
    }
  }

  @Test func deletionIsReportedAtItsOldPosition() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
      let before = try store.records(Friend.self)
      try store.remove(Friend.self, id: before[4].id)
      let changes = try #require(try store.reloadIfChanged())
      expectEqual(changes.friends, ChangeSet(deletions: [4]))
    }
  }

  @Test func updateInPlaceIsAModification() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
      var friend = try store.records(Friend.self)[3]
      friend.phoneNumber = "+1 555 010 0000"
      try store.update(friend)
      let changes = try #require(try store.reloadIfChanged())
      expectEqual(changes.friends, ChangeSet(modifications: [3]))
    }
  }

  @Test func renameThatMovesIsADeletionAndAnInsertion() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
      var friend = try store.records(Friend.self)[0]
      friend.firstName = "Zora"
      try store.update(friend)
      let changes = try #require(try store.reloadIfChanged())
      expectEqual(changes.friends, ChangeSet(deletions: [0], insertions: [19]))
    }
  }

  @Test func newPostsAreInsertedAtTheTop() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
      try store.generatePosts(count: 3, date: Date(timeIntervalSince1970: 1_800_000_000))
      let changes = try #require(try store.reloadIfChanged())
      expectEqual(changes.posts, ChangeSet(insertions: [0, 1, 2]))
      #expect(changes.friends.isEmpty)
    }
  }

  @Test func aFriendWrittenThroughAnotherInstanceIsDetected() throws {
    try withTemporaryDirectory { directory in
      let viewer = try LocalStore(directory: directory)
      let editor = try LocalStore(directory: directory)
      let before = try viewer.records(Friend.self)
      let added = try editor.add(draft)
      try editor.remove(Friend.self, id: before[0].id)
      let changes = try #require(try viewer.reloadIfChanged())
      expectEqual(changes.snapshot.generation, 3)
      expectEqual(changes.friends.deletions, [0])
      expectEqual(changes.friends.insertions, [changes.snapshot.friends.firstIndex(of: added)!])
      #expect(try viewer.records(Friend.self) == editor.records(Friend.self))
      #expect(try viewer.reloadIfChanged() == nil)
    }
  }

  @Test func readsSeeWritesOfOtherInstances() throws {
    try withTemporaryDirectory { directory in
      let viewer = try LocalStore(directory: directory)
      let editor = try LocalStore(directory: directory)
      _ = try viewer.records(Friend.self)
      let added = try editor.add(draft)
      #expect(try viewer.record(Friend.self, id: added.id) == added)
      // A write through the viewer starts from the editor's data, losing nothing.
      try viewer.remove(Friend.self, id: 1)
      #expect(try editor.record(Friend.self, id: added.id) == added)
      #expect(throws: StoreError.notFound(1, record: "friend")) {
        try editor.record(Friend.self, id: 1)
      }
    }
  }

  @Test func friendsAndPostsChangesSinceASnapshotSupportSeveralObservers() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory)
      let first = try store.snapshot()
      #expect(try store.changes(since: first) == nil)
      try store.remove(Friend.self, id: try store.records(Friend.self)[2].id)
      let second = try #require(try store.changes(since: first))
      expectEqual(second.friends, ChangeSet(deletions: [2]))
      try store.generatePosts(date: Date(timeIntervalSince1970: 1_800_000_000))
      let fromFirst = try #require(try store.changes(since: first))
      expectEqual(fromFirst.friends, ChangeSet(deletions: [2]))
      expectEqual(fromFirst.posts, ChangeSet(insertions: [0]))
      let fromSecond = try #require(try store.changes(since: second.snapshot))
      #expect(fromSecond.friends.isEmpty)
      expectEqual(fromSecond.posts, ChangeSet(insertions: [0]))
    }
  }
}
