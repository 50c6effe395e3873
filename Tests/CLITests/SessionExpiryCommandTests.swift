import Models
import ReactiveCore
import ReactiveTesting
import Services
import Testing

@testable import FriendsCLI

/// What every command does when the server ended the session, and when the account status
/// cannot be read, on virtual time.
@Suite @MainActor struct SessionExpiryCommandTests {
  static let expired =
    "error: Your session has expired; log in again. Run 'friends login' to log in.\n"

  @Test func aStatusReadThatFindsTheSessionExpiredSaysSo() {
    let harness = Harness()
    harness.auth.currentStatusResponse = { [.error(30, ServiceError.sessionExpired)] }
    harness.clock.scheduleAt(30) { harness.auth.expirations.accept(()) }
    expectEqual(harness.run("whoami"), .failure)
    expectEqual(harness.stderr, Self.expired)
  }

  @Test func aStatusThatCannotBeReadSaysWhyAtOnce() {
    let harness = Harness()
    harness.auth.currentStatusResponse = {
      [.error(3, ServiceError.unreachable("nothing accepted the connection at 127.0.0.1:1"))]
    }
    expectEqual(harness.run("whoami"), .failure)
    #expect(
      harness.stderr
        == "error: Could not read the account status: the server could not be reached: "
        + "nothing accepted the connection at 127.0.0.1:1\n")
    expectEqual(harness.clock.clock, 3)
  }
}
