import Foundation
import LocalBackend
import Models
import ReactiveTesting
import Store
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Data the process cannot write (a read-only mount, files of another user) is read, and
/// every change is refused with a sentence saying that the data is read-only. The tests run
/// as root, whom permissions do not stop: the store's options act out the failure.
@Suite struct ReadOnlyDataTests {
  @Test func readOnlyDataIsReadAndChangesAreRefusedSayingSo() throws {
    try withTemporaryDirectory { directory in
      let writable = try LocalStore(directory: directory, seed: .quickLogin)
      _ = try writable.logIn(email: "ada@example.com", password: StoreSeed.demoPassword)
      let store = try LocalStore(
        directory: directory, options: StoreOptions(simulatedWriteFailure: EROFS))
      #expect(try store.accountStatus().isAuthorized)
      #expect(try store.snapshot().generation == 2)
      do {
        try store.logOut()
        Issue.record("the logout was saved")
      } catch let error as StoreError {
        guard case .readOnly(let path, _) = error else {
          Issue.record("unexpected \(error)")
          return
        }
        expectEqual(path, directory.standardizedFileURL.path)
        #expect(error.description.hasPrefix("The data in \(path) is read-only ("))
        #expect(error.description.hasSuffix("): it can be read, but nothing can be saved there."))
        #expect(!error.description.contains("change"))
        #expect(error.dataStatus == nil)
        #expect(error.isFileProblem)
      } catch {
        Issue.record("unexpected \(error)")
      }
      #expect(try store.accountStatus().isAuthorized)
    }
  }

  @Test func anEmptyReadOnlyDirectorySaysItHoldsNoDataWithoutSpeakingOfAChange() throws {
    try withTemporaryDirectory { directory in
      do {
        _ = try LocalStore(
          directory: directory, options: StoreOptions(simulatedWriteFailure: EACCES))
        Issue.record("the store opened")
      } catch let error as StoreError {
        #expect(error.description.contains("store.json does not exist and cannot be created"))
        #expect(error.description.contains("is read-only"))
        #expect(!error.description.contains("change"))
      } catch {
        Issue.record("unexpected \(error)")
      }
      let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      #expect(names.isEmpty)
    }
  }
}
