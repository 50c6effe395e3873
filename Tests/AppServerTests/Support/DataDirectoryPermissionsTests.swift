import AppServer
import Foundation
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
    #expect(foreign?.reason.contains("belongs to another user (uid 501)") == true)
    let everyone = DataDirectoryPermissions.refusal(
      path: "/d/sessions.json", isDirectory: false, owner: 500, mode: 0o100666, user: 500)
    #expect(everyone?.reason.contains("the data file /d/sessions.json") == true)
    #expect(everyone?.reason.contains("every user (mode 666)") == true)
    #expect(everyone?.reason.contains("chmod go-w /d/sessions.json") == true)
    let group = DataDirectoryPermissions.refusal(
      path: "/d", isDirectory: true, owner: 500, mode: 0o40770, user: 500)
    #expect(group?.reason.contains("its group (mode 770)") == true)
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
      #expect(mode == 0o700)
      // And again, now that it exists.
      try DataDirectoryPermissions.prepare(directory)
    }
  }

  @Test func aDirectoryOthersCanWriteIsRefusedAndLeftAsItIs() throws {
    try withTemporaryDirectory { directory in
      for mode: mode_t in [0o777, 0o770, 0o1777] {
        #expect(chmod(directory.path, mode) == 0)
        let refusal = #expect(throws: DataDirectoryPermissions.Refusal.self) {
          try DataDirectoryPermissions.prepare(directory)
        }
        #expect(refusal?.path == directory.path)
        let after = try Self.mode(directory.path)
        #expect(after == mode)
      }
    }
  }

  @Test func aDataFileOthersCanWriteIsRefused() throws {
    try withTemporaryDirectory { directory in
      #expect(chmod(directory.path, 0o700) == 0)
      let file = directory.appendingPathComponent("sessions.json")
      try Data("{}".utf8).write(to: file)
      #expect(chmod(file.path, 0o666) == 0)
      let refusal = #expect(throws: DataDirectoryPermissions.Refusal.self) {
        try DataDirectoryPermissions.prepare(directory)
      }
      #expect(refusal?.path == file.path)
      let contents = try String(contentsOf: file, encoding: .utf8)
      #expect(contents == "{}")
    }
  }

  @Test func aDirectoryOrFileOfAnotherUserIsRefused() throws {
    // Only root can give a file away; elsewhere the decision above covers it.
    guard geteuid() == 0 else { return }
    try withTemporaryDirectory { directory in
      #expect(chmod(directory.path, 0o700) == 0)
      let file = directory.appendingPathComponent("sessions.json")
      try Data("{}".utf8).write(to: file)
      #expect(chown(file.path, 1, 1) == 0)
      let refusal = #expect(throws: DataDirectoryPermissions.Refusal.self) {
        try DataDirectoryPermissions.prepare(directory)
      }
      #expect(refusal?.path == file.path)
      #expect(chown(file.path, 0, 0) == 0)
      #expect(chown(directory.path, 1, 1) == 0)
      let directoryRefusal = #expect(throws: DataDirectoryPermissions.Refusal.self) {
        try DataDirectoryPermissions.prepare(directory)
      }
      #expect(directoryRefusal?.reason.contains("belongs to another user (uid 1)") == true)
    }
  }

  @Test func theServersStorageRefusesADirectoryOthersCanWrite() throws {
    try withTemporaryDirectory { directory in
      #expect(chmod(directory.path, 0o777) == 0)
      #expect(throws: DataDirectoryPermissions.Refusal.self) {
        _ = try ServerStorage.embedded(directory: directory, seed: .empty)
      }
      let left = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      #expect(left == [])
    }
  }

  static func mode(_ path: String) throws -> mode_t {
    var status = stat()
    try #require(stat(path, &status) == 0)
    return status.st_mode & 0o7777
  }
}
