import Foundation
import LocalBackend
import Models
import ReactiveTesting
import Services
import TestSupport
import Testing

/// A data directory that cannot be created (its parent is a file, or a place no one may
/// write) is reported as such when the store opens: opening is a read, and no change was
/// asked for, so the sentence speaks of the directory, not of a change that was not saved.
@Suite struct UncreatableDirectoryTests {
  @Test func aDirectoryThatCannotBeCreatedIsReportedAsSuch() throws {
    try withTemporaryDirectory { directory in
      let file = directory.appendingPathComponent("file")
      try Data("not a directory".utf8).write(to: file)
      let wanted = file.appendingPathComponent("data")
      do throws(StoreError) {
        _ = try LocalStore(directory: wanted, seed: .quickLogin)
        Issue.record("the store opened under a file")
      } catch {
        guard case .directoryNotCreated(let path, let reason) = error else {
          Issue.record("unexpected \(error)")
          return
        }
        expectEqual(path, wanted.path)
        #expect(!reason.isEmpty)
        #expect(
          error.description.hasPrefix("The data directory \(wanted.path) could not be created ("))
        #expect(!error.description.contains("change"))
        #expect(!error.description.contains("saved"))
        #expect(error.isFileProblem)
        expectEqual(error.dataStatus, .unreadable(message: error.description))
      }
      #expect(!FileManager.default.fileExists(atPath: wanted.path))
    }
  }
}
