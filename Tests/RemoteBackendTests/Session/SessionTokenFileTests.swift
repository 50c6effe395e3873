import Foundation
import ReactiveTesting
import RemoteBackend
import TestSupport
import Testing

/// The file a data directory keeps a server's session token in.
@Suite struct SessionTokenFileTests {
  private let server = URL(string: "http://127.0.0.1:8080/")!
  private let token = "AbC-123_xyzAbC-123_xyzAbC-123_xyzAbC-123_x"

  private func mode(of url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return try #require((attributes[.posixPermissions] as? NSNumber)?.intValue) & 0o777
  }

  @Test func aSavedTokenIsReadBackFromAFileOnlyItsOwnerCanRead() throws {
    try withTemporaryDirectory { directory in
      let data = directory.appendingPathComponent("data", isDirectory: true)
      let file = SessionTokenFile(directory: data, server: server)
      #expect(file.load() == nil)
      try file.save(token)
      #expect(try mode(of: file.url) == 0o600)
      #expect(try mode(of: data) == 0o700)
      // Another client of the same directory and server shares the login.
      expectEqual(SessionTokenFile(directory: data, server: server).load(), token)
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: data.path) == [
          SessionTokenFile.fileName
        ])
      try file.save("second")
      expectEqual(file.load(), "second")
      #expect(try mode(of: file.url) == 0o600)
    }
  }

  @Test func anEndedSessionForgetsTheTokenAndKeepsTheServerUntilLogout() throws {
    try withTemporaryDirectory { directory in
      let file = SessionTokenFile(directory: directory, server: server)
      #expect(SessionTokenFile.recordedServer(in: directory) == nil)
      try file.save(token)
      expectEqual(SessionTokenFile.recordedServer(in: directory), "http://127.0.0.1:8080")
      file.expire("another")
      expectEqual(file.load(), token)
      file.expire(token)
      #expect(file.load() == nil)
      #expect(try mode(of: file.url) == 0o600)
      expectEqual(SessionTokenFile.recordedServer(in: directory), "http://127.0.0.1:8080")
      try file.save(token)
      file.remove(token)
      #expect(SessionTokenFile.recordedServer(in: directory) == nil)
    }
  }

  @Test func anotherServersTokenIsNotUsed() throws {
    try withTemporaryDirectory { directory in
      try SessionTokenFile(directory: directory, server: server).save(token)
      let other = SessionTokenFile(directory: directory, server: URL(string: "http://evil:80")!)
      #expect(other.load() == nil)
      other.remove(token)
      expectEqual(SessionTokenFile(directory: directory, server: server).load(), token)
    }
  }

  @Test(arguments: [
    "", "{", "[]", #"{"server": "http://127.0.0.1:8080"}"#,
    #"{"server": "http://127.0.0.1:8080", "token": "a b\r\nX-Evil: 1"}"#,
    #"{"server": "http://127.0.0.1:8080", "token": 12}"#,
    String(repeating: "x", count: 10_000),
  ])
  func aDamagedFileIsNoLogin(contents: String) throws {
    try withTemporaryDirectory { directory in
      let file = SessionTokenFile(directory: directory, server: server)
      #expect(
        FileManager.default.createFile(
          atPath: file.url.path, contents: Data(contents.utf8),
          attributes: [.posixPermissions: 0o600]))
      #expect(file.load() == nil)
      // Logging in again replaces it.
      try file.save(token)
      expectEqual(file.load(), token)
    }
  }

  @Test func aFileOthersCanReadIsNoLogin() throws {
    try withTemporaryDirectory { directory in
      let file = SessionTokenFile(directory: directory, server: server)
      try file.save(token)
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o644], ofItemAtPath: file.url.path)
      #expect(file.load() == nil)
    }
  }

  @Test func removingForgetsOnlyTheTokenGiven() throws {
    try withTemporaryDirectory { directory in
      let file = SessionTokenFile(directory: directory, server: server)
      try file.save(token)
      // A client whose older session ended does not log out a newer login.
      file.remove("an-older-token")
      expectEqual(file.load(), token)
      file.remove(token)
      #expect(file.load() == nil)
      #expect(!FileManager.default.fileExists(atPath: file.url.path))
    }
  }

  @Test func aDirectoryThatCannotBeWrittenIsAClearError() throws {
    try withTemporaryDirectory { directory in
      let blocker = directory.appendingPathComponent("file")
      #expect(FileManager.default.createFile(atPath: blocker.path, contents: Data()))
      let file = SessionTokenFile(directory: blocker, server: server)
      #expect(throws: TokenFileError.self) { try file.save(token) }
      #expect(file.load() == nil)
    }
  }
}
