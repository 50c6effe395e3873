import Foundation
import ReactiveTesting
import RemoteBackend
import Services
import TestSupport
import Testing

/// A session token file that other users can read: the client deletes it and ends its
/// session on the server, so whoever read the token cannot use it.
@Suite(.timeLimit(.minutes(3))) struct ExposedTokenTests {
  @Test func aPrivateFileIsNotTakenAndAnExposedOneIsTakenOnce() throws {
    try withTemporaryDirectory { directory in
      let file = SessionTokenFile(directory: directory, server: URL(string: "http://h:1")!)
      let token = String(repeating: "A", count: 43)
      try file.save(token)
      #expect(file.takeExposedToken() == nil)
      expectEqual(file.load(), token)
      try FileManager.default.setAttributes(
        [.posixPermissions: 0o644], ofItemAtPath: file.url.path)
      expectEqual(file.takeExposedToken(), token)
      #expect(!FileManager.default.fileExists(atPath: file.url.path))
      #expect(file.takeExposedToken() == nil)
    }
  }

  @Test func theClientEndsTheSessionOfAnExposedToken() async throws {
    try await withAppServer(signedIn: false) { fixture in
      try await withTemporaryDirectory { directory in
        let file = SessionTokenFile(directory: directory, server: fixture.server.url)
        let client = HTTPClient(baseURL: fixture.server.url, tokens: file)
        _ = try await client.logIn(email: "ada@example.com", password: "correct horse")
        let token = try #require(file.load())
        #expect(try fixture.sessions.records.count == 1)
        try FileManager.default.setAttributes(
          [.posixPermissions: 0o604], ofItemAtPath: file.url.path)
        #expect(try await client.accountStatus() == .unavailable)
        #expect(!FileManager.default.fileExists(atPath: file.url.path))
        #expect(try fixture.sessions.records.isEmpty)
        // The token no longer opens anything.
        let reader = HTTPClient(baseURL: fixture.server.url, tokens: MemorySessionTokens(token))
        await #expect(throws: ServiceError.sessionExpired) { try await reader.accountStatus() }
      }
    }
  }
}
