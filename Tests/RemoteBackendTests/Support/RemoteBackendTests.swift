import Foundation
import HTTPServer
import LocalBackend
import Models
import ReactiveCore
import ReactiveTesting
import RemoteBackend
import Testing

let ada = StoreSeed.demoAccount
let password = StoreSeed.demoPassword

/// A virtual clock for the polling that no test advances unless it says so: a change seen
/// without advancing it came from a write made through the backend, not from a poll.
func pollClock() -> TestScheduler {
  TestScheduler.milliseconds()
}

/// A backend over `client` that polls every 2 seconds of a `pollClock()`, and that clock.
func pollingBackend(_ client: HTTPClient) -> (RemoteBackend, TestScheduler) {
  let clock = pollClock()
  let backend = RemoteBackend(
    client: client, scheduler: deliveries, pollInterval: .seconds(2), pollScheduler: clock)
  return (backend, clock)
}

/// The queue answers are delivered on (an app passes the main scheduler).
let deliveries = SerialDispatchQueueScheduler(qos: .default)

/// The scheduler that bounds how long a test waits for an element.
let waits = ConcurrentDispatchQueueScheduler(qos: .default)

/// The elements of `source`, awaited one at a time; each `next()` throws `RxError.timeout`
/// when nothing arrives within ``hangBound``, and returns as soon as an element does.
func elements<Element: Sendable>(_ source: Observable<Element>)
  -> AsyncThrowingStream<Element, Swift.Error>.AsyncIterator
{
  source.timeout(.seconds(Int(hangBound.components.seconds)), scheduler: waits).values
    .makeAsyncIterator()
}

/// What a subscription received, from whichever thread delivered it.
final class Received: @unchecked Sendable {
  // `events` is only touched with `lock` held.
  private let lock = NSLock()
  private var events: [String] = []

  func record(_ event: String) { lock.withLock { events.append(event) } }
  var all: [String] { lock.withLock { events } }
}

/// The backend over a real Friends server (see `withAppServer`), end to end.
@Suite(.timeLimit(.minutes(3))) struct RemoteBackendTests {
  @Test func authenticationCallsRoundTrip() async throws {
    try await withAppServer(signedIn: false, timeout: hangBound) { fixture in
      let backend = RemoteBackend(
        client: fixture.client, scheduler: deliveries, pollScheduler: pollClock())
      #expect(try await backend.logIn(email: " ADA@example.com ", password: password).value == ada)
      let token = try #require(fixture.client.tokens.load())
      #expect(try fixture.sessions.subject(for: token) == "ada@example.com")
      try await backend.logOut().value
      #expect(fixture.client.tokens.load() == nil)
      #expect(try fixture.sessions.subject(for: token) == nil)
      // The server keeps its sessions apart from the store's own "signed in" flag.
      #expect(try fixture.store.accountStatus() == .unavailable)
      #expect(
        try await backend.requestPasswordReset(email: "someone@example.com")
          == "We sent a reset link to someone@example.com.")
      let refused = await serviceError {
        try await backend.requestPasswordReset(email: "no-at-sign")
      }
      expectEqual(refused, .invalid(Validation.email("no-at-sign").message!))
    }
  }

  @Test func aWrongPasswordIsWrongCredentialsAndChangesNothing() async throws {
    try await withAppServer(timeout: hangBound) { fixture async throws in
      let backend = RemoteBackend(
        client: fixture.client, scheduler: deliveries, pollScheduler: pollClock())
      let failure = await serviceError {
        try await backend.logIn(email: ada.email, password: "not the password").value
      }
      expectEqual(failure, .wrongCredentials)
      #expect(try fixture.store.accountStatus() == .unavailable)
    }
  }

  @Test func nothingIsSentUntilACallIsSubscribed() async throws {
    try await withAppServer(timeout: hangBound) { fixture async throws in
      let backend = RemoteBackend(
        client: fixture.client, scheduler: deliveries, pollScheduler: pollClock())
      let login = backend.logIn(email: ada.email, password: password)
      _ = backend.logOut()
      // One round trip after them: had they been sent, they would have arrived first.
      #expect(try await backend.currentAccountStatus().value == .authorized(ada))
      expectEqual(
        fixture.log.events.filter(\.isReceived),
        [
          .received(connection: 1, method: .get, target: "/account")
        ])
      #expect(try await login.value == ada)
    }
  }

  @Test func disposingARunningCallCancelsItAndClosesTheConnection() async throws {
    try await withFixtureServer(replying: .neverAnswer, timeout: hangBound) { client, log in
      let backend = RemoteBackend(client: client, scheduler: deliveries, pollScheduler: pollClock())
      let received = Received()
      let subscription = backend.currentAccountStatus().subscribe(
        onSuccess: { received.record("success \($0)") },
        onFailure: { received.record("failure \($0)") })
      let arrived = await log.firstEvent(timeout: hangBound) { $0.isReceived }
      expectEqual(arrived, .received(connection: 1, method: .get, target: "/account"))
      subscription.dispose()
      #expect(await log.contains(.clientClosed(connection: 1), within: hangBound))

      let write = backend.logIn(email: ada.email, password: password).subscribe(
        onSuccess: { received.record("success \($0)") },
        onFailure: { received.record("failure \($0)") })
      let posted = await log.firstEvent(timeout: hangBound) {
        $0 == .received(connection: 2, method: .post, target: "/login")
      }
      #expect(posted != nil)
      write.dispose()
      #expect(await log.contains(.clientClosed(connection: 2), within: hangBound))
      #expect(received.all.isEmpty)
    }
  }

  @Test func disposingTheAccountStatusCancelsItsRunningPoll() async throws {
    try await withFixtureServer(replying: .neverAnswer, timeout: hangBound) { client, log in
      let backend = RemoteBackend(client: client, scheduler: deliveries, pollScheduler: pollClock())
      let subscription = backend.accountStatus.subscribe()
      let arrived = await log.firstEvent(timeout: hangBound) { $0.isReceived }
      expectEqual(arrived, .received(connection: 1, method: .get, target: "/account"))
      subscription.dispose()
      #expect(await log.contains(.clientClosed(connection: 1), within: hangBound))
    }
  }

  @Test func accountStatusEmitsTheStatusThenEachChangeMadeThroughTheBackend() async throws {
    try await withAppServer(signedIn: false, timeout: hangBound) { fixture in
      // The clock never moves, so no poll runs: each change comes from the write's trigger.
      let backend = RemoteBackend(
        client: fixture.client, scheduler: deliveries, pollScheduler: pollClock())
      var statuses = elements(backend.accountStatus)
      #expect(try await statuses.next() == .unavailable)
      _ = try await backend.logIn(email: ada.email, password: password).value
      #expect(try await statuses.next() == .authorized(ada))
      try await backend.logOut().value
      #expect(try await statuses.next() == .unavailable)
    }
  }

  @Test func accountStatusSeesALoginMadeByAClientSharingItsTokensAtThePoll() async throws {
    try await withAppServer(signedIn: false, timeout: hangBound) { fixture in
      // Two clients keeping their token in one place, as two fronts on one data directory.
      let shared = MemorySessionTokens()
      let (backend, clock) = pollingBackend(fixture.newClient(tokens: shared))
      var statuses = elements(backend.accountStatus)
      #expect(try await statuses.next() == .unavailable)
      _ = try await fixture.newClient(tokens: shared).logIn(email: ada.email, password: password)
      clock.advanceTo(2_000)
      #expect(try await statuses.next() == .authorized(ada))
      let accountReads = fixture.log.events.filter {
        if case .received(_, .get, "/account") = $0 { return true }
        return false
      }
      expectEqual(accountReads.count, 2)
    }
  }
}
