import Models
import ReactiveCore
import ReactiveTesting
import Services
import Testing

@testable import FriendsCLI

extension SessionExpiryCommandTests {
  @Test func aCommandWhoseCallFindsTheSessionExpiredSaysSoAndExits1() {
    let harness = Harness()
    harness.friends.recordsResponse = { _ in [.error(200, ServiceError.sessionExpired)] }
    // The backend reports the expiry when the call fails, as the remote one does.
    harness.clock.scheduleAt(200) { harness.auth.expirations.accept(()) }
    expectEqual(harness.run("list"), .failure)
    expectEqual(harness.stderr, Self.expired)
    #expect(harness.stdout.isEmpty)
    expectEqual(harness.clock.clock, 200)
  }

  @Test func aStreamThatFindsTheSessionExpiredEndsWithTheMessage() {
    let harness = Harness()
    harness.timeline.timelineResponse = { _ in [.next(10, []), .completed(10)] }
    harness.clock.scheduleAt(5_000) { harness.auth.expirations.accept(()) }
    expectEqual(harness.run("timeline --follow"), .failure)
    #expect(harness.stderr.hasSuffix(Self.expired))
    expectEqual(harness.clock.clock, 5_000)
  }

  @Test func aCommandThatNeedsAnAccountStopsBeforeItAsksForAnything() {
    let harness = Harness()
    harness.auth.currentStatusResponse = { [.error(30, ServiceError.sessionExpired)] }
    harness.clock.scheduleAt(30) { harness.auth.expirations.accept(()) }
    expectEqual(harness.run("show 3"), .failure)
    expectEqual(harness.stderr, Self.expired)
    #expect(harness.friends.calls.isEmpty)
  }
}
