import Models
import ReactiveCore
import Services
import Testing

@testable import FriendsCLI

/// What every command does when the server ended the session, and when the account status
/// cannot be read, on virtual time.
@Suite @MainActor struct SessionExpiryCommandTests {
  private static let expired =
    "error: Your session has expired; log in again. Run 'friends login' to log in.\n"

  // demo:begin
  @Test func aCommandWhoseCallFindsTheSessionExpiredSaysSoAndExits1() {
    let harness = Harness()
    harness.friends.friendsResponse = { _ in [.error(200, ServiceError.sessionExpired)] }
    // The backend reports the expiry when the call fails, as the remote one does.
    harness.clock.scheduleAt(200) { harness.auth.expirations.accept(()) }
    #expect(harness.run("list") == .failure)
    #expect(harness.stderr == Self.expired)
    #expect(harness.stdout.isEmpty)
    #expect(harness.clock.clock == 200)
  }
  // demo:end

  @Test func aStatusReadThatFindsTheSessionExpiredSaysSo() {
    let harness = Harness()
    harness.auth.currentStatusResponse = { [.error(30, ServiceError.sessionExpired)] }
    harness.clock.scheduleAt(30) { harness.auth.expirations.accept(()) }
    #expect(harness.run("whoami") == .failure)
    #expect(harness.stderr == Self.expired)
    // demo:begin
    // A command that needs an account stops before it asks for anything.
    harness.clock.scheduleAt(60) { harness.auth.expirations.accept(()) }
    #expect(harness.run("show 3") == .failure)
    #expect(harness.stderr == Self.expired + Self.expired)
    // demo:end
  }

  // demo:begin
  @Test func aStreamThatFindsTheSessionExpiredEndsWithTheMessage() {
    let harness = Harness()
    harness.timeline.timelineResponse = { _ in [.next(10, []), .completed(10)] }
    harness.clock.scheduleAt(5_000) { harness.auth.expirations.accept(()) }
    #expect(harness.run("timeline --follow") == .failure)
    #expect(harness.stderr.hasSuffix(Self.expired))
    #expect(harness.clock.clock == 5_000)
  }
  // demo:end

  @Test func aStatusThatCannotBeReadSaysWhyAtOnce() {
    let harness = Harness()
    harness.auth.currentStatusResponse = {
      [.error(3, ServiceError.unreachable("nothing accepted the connection at 127.0.0.1:1"))]
    }
    #expect(harness.run("whoami") == .failure)
    #expect(
      harness.stderr
        == "error: Could not read the account status: the server could not be reached: "
        + "nothing accepted the connection at 127.0.0.1:1\n")
    #expect(harness.clock.clock == 3)
  }
}
