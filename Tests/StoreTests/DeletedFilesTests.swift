import Dispatch
import Foundation
import ReactiveTesting
import Store
import Synchronization
import Testing

/// What a store does when its files are deleted under it.
@Suite struct DeletedFilesTests {
  @Test func aSnapshotDeletedAfterOpeningStaysDeletedWhenTheOptionsSaySo() throws {
    try withDirectory { directory in
      let snapshot = directory.appendingPathComponent("notes.json")
      let store = try NotesStore.open(
        directory, options: StoreOptions(createsSnapshotAfterOpening: false))
      try store.set("a", "x")
      try FileManager.default.removeItem(at: snapshot)
      #expect(storageError { _ = try store.notes() } == .deleted(path: snapshot.path))
      #expect(storageError { try store.set("b", "y") } == .deleted(path: snapshot.path))
      #expect(!FileManager.default.fileExists(atPath: snapshot.path))
      // Opening the store again creates it, from the initial state.
      let reopened = try NotesStore.open(
        directory, options: StoreOptions(createsSnapshotAfterOpening: false))
      #expect(try reopened.notes() == ["first": "1"])
      #expect(try store.notes() == ["first": "1"])
    }
  }

  @Test func byDefaultADeletedSnapshotIsCreatedAgainWithTheInitialState() throws {
    try withDirectory { directory in
      let snapshot = directory.appendingPathComponent("notes.json")
      let store = try NotesStore.open(directory)
      try store.set("a", "x")
      try FileManager.default.removeItem(at: snapshot)
      #expect(try store.notes() == ["first": "1"])
      #expect(FileManager.default.fileExists(atPath: snapshot.path))
    }
  }

  /// `rm dir/store.lock` under an open store, then another store opens the directory (and
  /// makes a new lock file): the first store's writes still take turns with the second's.
  @Test func aLockFileDeletedUnderAnOpenStoreStillMakesWritersTakeTurns() throws {
    try withDirectory { directory in
      let first = try NotesStore.open(directory)
      try FileManager.default.removeItem(at: directory.appendingPathComponent("notes.lock"))
      let second = try NotesStore.open(directory)
      let secondIsWriting = DispatchSemaphore(value: 0)
      let releaseSecond = DispatchSemaphore(value: 0)
      let secondDone = DispatchSemaphore(value: 0)
      let overlapped = Atomic<Bool>(false)
      let secondInside = Atomic<Bool>(false)
      DispatchQueue.global().async {
        _ = try? second.write { (_: NotesSchema.State) throws(StorageError) in
          secondInside.store(true, ordering: .sequentiallyConsistent)
          secondIsWriting.signal()
          _ = releaseSecond.wait(timeout: .now() + 10)
          secondInside.store(false, ordering: .sequentiallyConsistent)
          return (change: NotesSchema.Change(key: "second", text: "2"), result: ())
        }
        secondDone.signal()
      }
      expectEqual(secondIsWriting.wait(timeout: .now() + 10), .success)
      let firstDone = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        _ = try? first.write { (_: NotesSchema.State) throws(StorageError) in
          if secondInside.load(ordering: .sequentiallyConsistent) {
            overlapped.store(true, ordering: .sequentiallyConsistent)
          }
          return (change: NotesSchema.Change(key: "first-writer", text: "1"), result: ())
        }
        firstDone.signal()
      }
      // The first store must wait for the second: give it time to (wrongly) go ahead.
      expectEqual(firstDone.wait(timeout: .now() + 0.3), .timedOut)
      releaseSecond.signal()
      expectEqual(secondDone.wait(timeout: .now() + 10), .success)
      expectEqual(firstDone.wait(timeout: .now() + 10), .success)
      let didOverlap = overlapped.load(ordering: .sequentiallyConsistent)
      #expect(!didOverlap)
      #expect(try NotesStore.open(directory).notes()["second"] == "2")
      #expect(try NotesStore.open(directory).notes()["first-writer"] == "1")
    }
  }
}
