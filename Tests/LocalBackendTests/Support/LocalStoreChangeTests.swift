import Foundation
import LocalBackend
import Models
import ReactiveTesting
import TestSupport
import Testing

/// What the store reports as changed, whoever made the change.
@Suite struct LocalStoreChangeTests {
  @Test func nothingChangedReportsNil() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory, seed: .quickLogin)
      #expect(try store.reloadIfChanged() == nil)
      _ = try store.accountStatus()
      #expect(try store.reloadIfChanged() == nil)
    }
  }

  @Test func signingInChangesTheAccount() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory, seed: .quickLogin)
      try store.logIn(email: "ada@example.com", password: "correct horse")
      let changes = try #require(try store.reloadIfChanged())
      #expect(changes.accountChanged)
      #expect(changes.snapshot.accountStatus.isAuthorized)
      expectEqual(changes.snapshot.generation, 2)
      #expect(try store.reloadIfChanged() == nil)
    }
  }

  @Test func writeThroughAnotherInstanceIsDetected() throws {
    try withTemporaryDirectory { directory in
      let viewer = try LocalStore(directory: directory, seed: .quickLogin)
      let editor = try LocalStore(directory: directory, seed: .quickLogin)
      try editor.logIn(email: "ada@example.com", password: "correct horse")
      try editor.logOut()
      try editor.logIn(email: "ada@example.com", password: "correct horse")
      let changes = try #require(try viewer.reloadIfChanged())
      expectEqual(changes.snapshot.generation, 4)
      #expect(changes.accountChanged)
      #expect(try viewer.accountStatus() == editor.accountStatus())
      #expect(try viewer.reloadIfChanged() == nil)
    }
  }

  @Test func changesSinceASnapshotSupportSeveralObservers() throws {
    try withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory, seed: .quickLogin)
      let first = try store.snapshot()
      #expect(try store.changes(since: first) == nil)
      try store.logIn(email: "ada@example.com", password: "correct horse")
      let second = try #require(try store.changes(since: first))
      #expect(second.accountChanged)
      try store.logOut()
      // Signed in and out again: the account is as it was for the first observer.
      let fromFirst = try #require(try store.changes(since: first))
      #expect(!fromFirst.accountChanged)
      expectEqual(fromFirst.snapshot.generation, 3)
      let fromSecond = try #require(try store.changes(since: second.snapshot))
      #expect(fromSecond.accountChanged)
      expectEqual(fromSecond.snapshot.accountStatus, .unavailable)
    }
  }
}
