import AppComposition
import CommandLineKit
import Foundation
import ReactiveTesting
import RemoteBackend
import Services
import Testing

@testable import FriendsCLI

/// Which server a command uses when none is named, and the hints that repeat the options in
/// use.
@Suite @MainActor struct ServerChoiceCommandTests {
  static let token = "AbC-123_xyzAbC-123_xyzAbC-123_xyzAbC-123_x"

  /// The server the program asked for, or `nil` for the local data.
  private func server(_ harness: Harness) -> String? {
    guard case .remote(let url, _)? = harness.backends.last else { return nil }
    return url.absoluteString
  }

  @Test func theHintToLogInRepeatsTheServerAndDataDirectoryGiven() {
    let harness = Harness(loggedIn: false)
    expectEqual(harness.run("--server http://127.0.0.1:9 --data-dir /tmp/x whoami"), .failure)
    #expect(
      harness.stderr
        == "error: Not logged in. Run 'friends --data-dir /tmp/x --server http://127.0.0.1:9 "
        + "login' first.\n")
  }

  @Test func theHintQuotesAPathAShellWouldSplit() {
    let harness = Harness(loggedIn: false)
    expectEqual(harness.run(["--data-dir", "/tmp/my data", "whoami"]), .failure)
    expectEqual(
      harness.stderr,
      "error: Not logged in. Run 'friends --data-dir \"/tmp/my data\" login' first.\n")
  }

  @Test func anExpiredSessionSaysHowToLogInToTheSameServer() {
    let harness = Harness()
    harness.auth.currentStatusResponse = { [.error(30, ServiceError.sessionExpired)] }
    harness.clock.scheduleAt(30) { harness.auth.expirations.accept(()) }
    expectEqual(harness.run("--server http://127.0.0.1:9 whoami"), .failure)
    #expect(harness.stderr.contains("Run 'friends --server http://127.0.0.1:9 login' to log in."))
  }

  @Test func theServerVariableNamesTheServerWhenNoOptionDoes() {
    let harness = Harness()
    harness.environment[AppIdentity.serverVariable] = "http://127.0.0.1:7"
    expectEqual(harness.run("whoami"), .success)
    expectEqual(server(harness), "http://127.0.0.1:7")
    expectEqual(harness.run("--server http://127.0.0.1:8 whoami"), .success)
    expectEqual(server(harness), "http://127.0.0.1:8")
    expectEqual(harness.run("--local whoami"), .success)
    #expect(server(harness) == nil)
  }

  @Test func aServerVariableThatIsNoURLIsAUsageError() {
    let harness = Harness()
    harness.environment[AppIdentity.serverVariable] = "127.0.0.1:7"
    expectEqual(harness.run("whoami"), .usage)
    #expect(
      harness.stderr.contains("$FRIENDS_SERVER needs an http:// or https:// URL, got '127.0.0.1:7'")
    )
    #expect(harness.backends.isEmpty)
  }

  @Test func theDataDirectoryRemembersTheServerOfItsLastLoginUntilLogout() throws {
    let directory = try TemporaryDirectory()
    let file = SessionTokenFile(
      directory: directory.url, server: URL(string: "http://localhost:8080")!)
    try file.save(Self.token)
    let harness = Harness()
    let dataDir = "--data-dir \(directory.url.path)"
    expectEqual(harness.run("\(dataDir) whoami"), .success)
    expectEqual(server(harness), "http://localhost:8080")
    // An ended session still names its server: the next login goes there.
    file.expire(Self.token)
    expectEqual(harness.run("\(dataDir) whoami"), .success)
    expectEqual(server(harness), "http://localhost:8080")
    expectEqual(harness.run("\(dataDir) --local whoami"), .success)
    #expect(server(harness) == nil)
    expectEqual(harness.run("\(dataDir) --local --server http://a:1 whoami"), .usage)
    // Logging out forgets it.
    try file.save(Self.token)
    file.remove(Self.token)
    expectEqual(harness.run("\(dataDir) whoami"), .success)
    #expect(server(harness) == nil)
  }

  @Test func anotherAddressOfTheSameServerIsSaidToBeAnotherLogin() throws {
    let directory = try TemporaryDirectory()
    try SessionTokenFile(directory: directory.url, server: URL(string: "http://localhost:8080")!)
      .save(Self.token)
    let harness = Harness(loggedIn: false)
    expectEqual(
      harness.run("--data-dir \(directory.url.path) --server http://127.0.0.1:8080 whoami"),
      .failure)
    #expect(
      harness.stderr
        == "error: Not logged in to the test: the login kept in this data directory is for "
        + "http://localhost:8080, and another address counts as another server. Run '\(AppIdentity.command) "
        + "--data-dir \(directory.url.path) --server http://127.0.0.1:8080 login' first.\n")
  }

  @Test func latencyWithARememberedServerSaysHowToUseTheLocalData() {
    let harness = Harness()
    harness.environment[AppIdentity.serverVariable] = "http://127.0.0.1:7"
    expectEqual(harness.run("--latency 5 whoami"), .usage)
    #expect(harness.stderr.contains("not to the server http://127.0.0.1:7; add '--local'"))
  }
}
