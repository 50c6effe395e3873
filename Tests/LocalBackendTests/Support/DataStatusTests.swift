import Foundation
import LocalBackend
import Models
import ReactiveCore
import ReactiveTesting
import Services
import TestSupport
import Testing

/// The embedded backend while its data file is damaged, deleted or repaired under a running
/// app, on virtual time (the backend polls the file every second).
@Suite(.timeLimit(.minutes(1))) struct DataStatusTests {
  @Test func aDamagedFileIsReportedKeepsTheSessionAndIsNeverWritten() throws {
    try withBackend { fixture in
      try fixture.store.logIn(email: ada.email, password: password)
      let file = fixture.store.fileURL
      let good = try file.bytes()
      let garbage = Data("{\"schemaVersion\": 3, garbage".utf8)
      var damage: StoreError?
      let (data, dataSubscription) = fixture.subscribe(fixture.backend.dataStatus)
      let (status, statusSubscription) = fixture.subscribe(fixture.backend.accountStatus)
      fixture.clock.scheduleAt(1_500) {
        try? garbage.write(to: file)
        damage = storeError { try fixture.store.snapshot() }
      }
      let (logOut, _) = fixture.subscribe(fixture.backend.logOut(), at: 2_500)
      var bytesWhileDamaged: Data?
      fixture.clock.scheduleAt(3_000) { bytesWhileDamaged = try? file.bytes() }
      fixture.clock.scheduleAt(3_500) { try? good.write(to: file) }
      fixture.clock.advanceTo(4_500)
      dataSubscription.dispose()
      statusSubscription.dispose()

      let expected = try #require(damage)
      guard case .corrupt(let path, _) = expected else {
        Issue.record("expected a damaged file, got \(expected)")
        return
      }
      expectEqual(path, file.path)
      expectEqual(
        data.events,
        [
          .next(0, .available), .next(2_000, .unreadable(message: expected.description)),
          .next(4_000, .available),
        ])
      expectEqual(status.events, [.next(0, .authorized(ada))])
      expectEqual(logOut.events, [.error(2_500, expected.serviceError)])
      expectEqual(bytesWhileDamaged, garbage)
      #expect(try fixture.store.accountStatus() == .authorized(ada))
    }
  }

  @Test func aCallThatFindsTheFileDamagedReportsItAtOnce() throws {
    try withBackend { fixture in
      let file = fixture.store.fileURL
      let (data, subscription) = fixture.subscribe(fixture.backend.dataStatus)
      fixture.clock.scheduleAt(200) { try? Data("[".utf8).write(to: file) }
      let (logIn, _) = fixture.subscribe(
        fixture.backend.logIn(email: ada.email, password: password), at: 300)
      fixture.clock.advanceTo(500)
      subscription.dispose()
      let error = try #require(storeError { try LocalStore(directory: fixture.directory) })
      #expect(logIn.events.first?.value.error as? ServiceError == .storage(error.description))
      expectEqual(data.events, [.next(0, .available), .next(300, error.dataStatus!)])
      expectEqual(error.dataStatus?.message, error.description)
    }
  }

  @Test func aDeletedFileIsReportedAndNotCreatedAgainUntilTheNextStart() throws {
    try withBackend { fixture in
      try fixture.store.logIn(email: ada.email, password: password)
      let store = fixture.store
      let names = [LocalStore.fileName, LocalStore.journalFileName]
      let (data, dataSubscription) = fixture.subscribe(fixture.backend.dataStatus)
      let (status, statusSubscription) = fixture.subscribe(fixture.backend.accountStatus)
      fixture.clock.scheduleAt(1_500) {
        for name in names {
          try? FileManager.default.removeItem(at: fixture.directory.appendingPathComponent(name))
        }
      }
      let (logOut, _) = fixture.subscribe(fixture.backend.logOut(), at: 2_500)
      fixture.clock.advanceTo(3_500)

      let deleted = StoreError.deleted(path: store.fileURL.path)
      expectEqual(
        data.events, [.next(0, .available), .next(2_000, .deleted(message: deleted.description))]
      )
      expectEqual(status.events, [.next(0, .authorized(ada))])
      expectEqual(logOut.events, [.error(2_500, deleted.serviceError)])
      #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))
      #expect(throws: deleted) { try store.compact() }
      #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))

      // The next start creates it again, with the seed; the running backend then reads it.
      let restarted = try LocalStore(directory: fixture.directory, seed: .quickLogin)
      #expect(try restarted.accountStatus() == .unavailable)
      fixture.clock.advanceTo(4_500)
      dataSubscription.dispose()
      statusSubscription.dispose()
      expectEqual(data.events.last, .next(4_000, .available))
      expectEqual(status.events, [.next(0, .authorized(ada)), .next(4_000, .unavailable)])
    }
  }

  @Test func aRepairedFileReportsWhatDiffersFromTheContentsReadLastEvenAtTheSameGeneration()
    throws
  {
    try withBackend { fixture in
      let file = fixture.store.fileURL
      let other = try fixture.otherProcess()
      // A copy at generation 2, logged out, in place of this one at generation 2, logged in.
      let copy = try withTemporaryDirectory { directory in
        let store = try LocalStore(directory: directory, seed: .quickLogin)
        try store.logOut()
        try store.compact()
        return try store.fileURL.bytes()
      }
      let (status, subscription) = fixture.subscribe(fixture.backend.accountStatus)
      fixture.clock.scheduleAt(500) { _ = try? other.logIn(email: ada.email, password: password) }
      fixture.clock.scheduleAt(1_500) { try? Data("{".utf8).write(to: file) }
      fixture.clock.scheduleAt(3_500) {
        try? FileManager.default.removeItem(at: fixture.store.journalURL)
        try? copy.write(to: file)
      }
      fixture.clock.advanceTo(4_500)
      subscription.dispose()
      #expect(try fixture.store.snapshot().generation == 2)
      expectEqual(
        status.events,
        [
          .next(0, .unavailable), .next(1_000, .authorized(ada)), .next(4_000, .unavailable),
        ])
    }
  }
}
