import AppServer
import Foundation
import ReactiveTesting
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The data directory and its files must belong to the server's user and be writable by no
/// one else, as OpenSSH and PostgreSQL require of theirs.
@Suite struct DataDirectoryPermissionsTests {
  @Test func theDecisionRefusesAnotherOwnerAndWritesByTheGroupOrEveryone() {
    let ok = DataDirectoryPermissions.refusal(
      path: "/d", isDirectory: true, owner: 500, mode: 0o40700, user: 500)
    #expect(ok == nil)
    #expect(
      DataDirectoryPermissions.refusal(
        path: "/d", isDirectory: true, owner: 500, mode: 0o40755, user: 500) == nil)
    let foreign = DataDirectoryPermissions.refusal(
      path: "/d", isDirectory: true, owner: 501, mode: 0o40700, user: 500)
    expectEqual(foreign?.reason.contains("belongs to another user (uid 501)"), true)
    let everyone = DataDirectoryPermissions.refusal(
      path: "/d/sessions.json", isDirectory: false, owner: 500, mode: 0o100666, user: 500)
    expectEqual(everyone?.reason.contains("the data file /d/sessions.json"), true)
    expectEqual(everyone?.reason.contains("every user (mode 666)"), true)
    expectEqual(everyone?.reason.contains("chmod go-w /d/sessions.json"), true)
    let group = DataDirectoryPermissions.refusal(
      path: "/d", isDirectory: true, owner: 500, mode: 0o40770, user: 500)
    expectEqual(group?.reason.contains("its group (mode 770)"), true)
    // Root is held to the same rule: a directory another user owns is theirs to change.
    #expect(
      DataDirectoryPermissions.refusal(
        path: "/d", isDirectory: true, owner: 501, mode: 0o40700, user: 0) != nil)
  }

  @Test func aMissingDirectoryIsCreatedForItsOwnerAlone() throws {
    try withTemporaryDirectory { parent in
      let directory = parent.appendingPathComponent("a/b/data")
      try DataDirectoryPermissions.prepare(directory)
      let mode = try Self.mode(directory.path)
      expectEqual(mode, 0o700)
      // And again, now that it exists.
      try DataDirectoryPermissions.prepare(directory)
    }
  }

  @Test func aDirectoryOthersCanWriteIsRefusedAndLeftAsItIs() throws {
    try withTemporaryDirectory { directory in
      for mode: mode_t in [0o777, 0o770, 0o1777] {
        expectEqual(chmod(directory.path, mode), 0)
        let refusal = #expect(throws: DataDirectoryPermissions.Refusal.self) {
          try DataDirectoryPermissions.prepare(directory)
        }
        expectEqual(refusal?.path, directory.path)
        let after = try Self.mode(directory.path)
        expectEqual(after, mode)
      }
    }
  }

  @Test func aDataFileOthersCanWriteIsRefused() throws {
    try withTemporaryDirectory { directory in
      expectEqual(chmod(directory.path, 0o700), 0)
      let file = directory.appendingPathComponent("sessions.json")
      try Data("{}".utf8).write(to: file)
      expectEqual(chmod(file.path, 0o666), 0)
      let refusal = #expect(throws: DataDirectoryPermissions.Refusal.self) {
        try DataDirectoryPermissions.prepare(directory)
      }
      expectEqual(refusal?.path, file.path)
      let contents = try String(contentsOf: file, encoding: .utf8)
      expectEqual(contents, "{}")
    }
  }

  @Test func aDirectoryOrFileOfAnotherUserIsRefused() throws {
    // Only root can give a file away; elsewhere the decision above covers it.
    guard geteuid() == 0 else { return }
    try withTemporaryDirectory { directory in
      expectEqual(chmod(directory.path, 0o700), 0)
      let file = directory.appendingPathComponent("sessions.json")
      try Data("{}".utf8).write(to: file)
      expectEqual(chown(file.path, 1, 1), 0)
      let refusal = #expect(throws: DataDirectoryPermissions.Refusal.self) {
        try DataDirectoryPermissions.prepare(directory)
      }
      expectEqual(refusal?.path, file.path)
      expectEqual(chown(file.path, 0, 0), 0)
      expectEqual(chown(directory.path, 1, 1), 0)
      let directoryRefusal = #expect(throws: DataDirectoryPermissions.Refusal.self) {
        try DataDirectoryPermissions.prepare(directory)
      }
      expectEqual(directoryRefusal?.reason.contains("belongs to another user (uid 1)"), true)
    }
  }

  @Test func theServersStorageRefusesADirectoryOthersCanWrite() throws {
    try withTemporaryDirectory { directory in
      expectEqual(chmod(directory.path, 0o777), 0)
      #expect(throws: DataDirectoryPermissions.Refusal.self) {
        _ = try ServerStorage.embedded(directory: directory, seed: .empty)
      }
      let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      expectEqual(left, [])
    }
  }

  static func mode(_ path: String) throws -> mode_t {
    var status = stat()
    try #require(stat(path, &status) == 0)
    return status.st_mode & 0o7777
  }
}
