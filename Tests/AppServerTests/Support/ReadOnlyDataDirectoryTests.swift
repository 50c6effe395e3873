import AppServer
import Authentication
import Foundation
import LocalBackend
import ReactiveTesting
import Store
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A data directory the server cannot write (a read-only mount): it serves reads, and
/// refuses writes and logins, which must save a session, saying why. The tests run as root,
/// whom permissions do not stop, so the failure to write is simulated, as the store's own
/// tests do.
@Suite struct ReadOnlyDataDirectoryTests {
  /// The server's storage over `directory` as a read-only mount would leave it.
  static func readOnlyStorage(_ directory: URL, code: Int32 = EROFS) throws -> ServerStorage {
    let store = try LocalStore(
      directory: directory, options: StoreOptions(simulatedWriteFailure: code))
    let sessions = SessionStore(
      storage: try FileSessionStorage<String>(directory: directory, simulatedWriteFailure: code))
    return ServerStorage.embedded(store: store, sessions: sessions)
  }

  @Test(arguments: [EROFS, EACCES])
  func readsAreServedAndWritesAndLoginsRefusedSayingWhy(code: Int32) throws {
    try withTemporaryDirectory { directory in
      // A session started while the directory could be written.
      let writable = ServerAPI(storage: try ServerStorage.embedded(directory: directory))
      let token = try #require(try ServerLoginTests.logIn(writable).token)
      let before = try Self.files(directory)

      let lines = Lines()
      let api = ServerAPI(storage: try Self.readOnlyStorage(directory, code: code), log: lines.add)
      // Reads with the session work.
      #expect(try ServerLoginTests.account(api, token) == 200)
      // A write is refused, saying why: a logout, which must delete its session (a feature's
      // record writes are refused the same way; the demo's are in its own tests).
      let logout = try ServerLoginTests.send(api, .post, "/logout", token: token)
      expectEqual(logout.status, 500)
      expectEqual((logout.json["error"] as? String)?.contains("read-only"), true)
      #expect(try ServerLoginTests.account(api, token) == 200)
      // So is a login, which must save its session; the password was right.
      let login = try ServerLoginTests.logIn(api)
      expectEqual(login.status, 500)
      expectEqual((login.json["error"] as? String)?.contains("read-only"), true)
      #expect(login.token == nil)
      #expect(lines.all.contains { $0.contains("read-only") })
      #expect(try Self.files(directory) == before)
    }
  }

  @Test func aDirectoryWithoutASessionsLockFileOpensReadOnly() throws {
    try withTemporaryDirectory { directory in
      _ = try LocalStore(directory: directory)
      #expect(
        !FileManager.default.fileExists(
          atPath: directory.appendingPathComponent("sessions.lock").path))
      let api = ServerAPI(storage: try Self.readOnlyStorage(directory))
      #expect(try ServerLoginTests.account(api, "no-such-token") == 401)
      #expect(
        !FileManager.default.fileExists(
          atPath: directory.appendingPathComponent("sessions.lock").path))
    }
  }

  static func files(_ directory: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
      files[name] = try Data(contentsOf: directory.appendingPathComponent(name))
    }
    return files
  }
}

/// Lines a server logs, kept for a test.
final class Lines: @unchecked Sendable {
  // `@unchecked Sendable`: `lines` is only touched with `lock` held.
  private let lock = NSLock()
  private var lines: [String] = []

  @Sendable func add(_ line: String) { lock.withLock { lines.append(line) } }

  var all: [String] { lock.withLock { lines } }
}
