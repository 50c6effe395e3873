import Foundation
import HTTPServer
import LocalBackend
import Models
import ReactiveCore
import ReactiveTesting
import RemoteBackend
import Testing

/// The friend the tests add.
let grace = FriendDraft(firstName: "Grace", lastName: "Hopper", phoneNumber: "5550100123")

/// The backend's friends over a real server (see `withAppServer`), end to end.
@Suite(.timeLimit(.minutes(3))) struct RemoteBackendFriendsTests {
  @Test func nothingIsSentUntilACallIsSubscribed() async throws {
    try await withAppServer(timeout: hangBound) { fixture async throws in
      let backend = RemoteBackend(
        client: fixture.client, scheduler: deliveries, pollScheduler: pollClock())
      let add = backend.records(Friend.self).add(grace)
      _ = backend.records(Friend.self).remove(id: 1)
      // One round trip after them: had they been sent, they would have arrived first.
      _ = try await backend.currentAccountStatus().value
      expectEqual(
        fixture.log.events.filter(\.isReceived),
        [
          .received(connection: 1, method: .get, target: "/account")
        ])
      #expect(try fixture.store.records(Friend.self).count == 20)
      #expect(try await add.value == Friend(id: 21, draft: grace))
    }
  }

  @Test func eachClientHasItsOwnSessionForFriends() async throws {
    try await withAppServer(signedIn: false) { fixture in
      let first = fixture.newClient()
      let second = fixture.newClient()
      _ = try await first.logIn(email: ada.email, password: password)
      #expect(try await first.records(Friend.self).count == 20)
      #expect(await serviceError { try await second.records(Friend.self) } == .sessionExpired)
      #expect(await serviceError { try await second.remove(Friend.self, id: 1) } == .sessionExpired)
      #expect(try fixture.store.records(Friend.self).count == 20)
      _ = try await second.logIn(email: ada.email, password: password)
      try await first.logOut()
      #expect(try await second.records(Friend.self).count == 20)
    }
  }

  @Test func friendsCallsRoundTrip() async throws {
    try await withAppServer(timeout: hangBound) { fixture in
      let backend = RemoteBackend(
        client: fixture.client, scheduler: deliveries, pollScheduler: pollClock())
      let store = fixture.store
      let friends = try await backend.records(Friend.self).records().value
      #expect(friends == (try store.records(Friend.self)))
      expectEqual(friends.count, 20)
      #expect(
        try await backend.records(Friend.self).record(id: 4).value
          == (try store.record(Friend.self, id: 4)))
      #expect(
        await serviceError { try await backend.records(Friend.self).record(id: 999).value }
          == .notFound(id: 999))

      let added = try await backend.records(Friend.self).add(grace).value
      expectEqual(added, Friend(id: 21, draft: grace))
      #expect(try store.record(Friend.self, id: 21) == added)
      var changed = added
      changed.phoneNumber = "+1 555 0199"
      var saved = changed
      saved.revision = 2
      #expect(try await backend.records(Friend.self).update(changed).value == saved)
      #expect(try store.record(Friend.self, id: 21) == saved)
      // A change made from the revision before fails, over HTTP as on the embedded store.
      #expect(
        await serviceError { try await backend.records(Friend.self).update(changed).value }
          == .changedElsewhere(id: 21))
      #expect(try store.record(Friend.self, id: 21) == saved)
      try await backend.records(Friend.self).remove(id: 21).value
      #expect(try store.records(Friend.self) == friends)
      #expect(
        await serviceError { try await backend.records(Friend.self).remove(id: 21).value }
          == .notFound(id: 21))
    }
  }

  @Test func aStaleRevisionIsAnsweredWith409AndChangesNothing() async throws {
    try await withAppServer(timeout: hangBound) { fixture in
      let backend = RemoteBackend(
        client: fixture.client, scheduler: deliveries, pollScheduler: pollClock())
      let store = fixture.store
      let loaded = try await backend.records(Friend.self).record(id: 4).value
      // Another client saves the friend after this one loaded it.
      var meanwhile = loaded
      meanwhile.firstName = "Meanwhile"
      try store.update(meanwhile)
      let before = try store.record(Friend.self, id: 4)
      var mine = loaded
      mine.lastName = "Mine"
      #expect(
        await serviceError { try await backend.records(Friend.self).update(mine).value }
          == .changedElsewhere(id: 4))
      let conflict = await fixture.log.firstEvent(timeout: hangBound) {
        if case .responded(_, 409) = $0 { return true }
        return false
      }
      #expect(conflict != nil)
      #expect(try store.record(Friend.self, id: 4) == before)
      // From the current revision, the same change is saved.
      mine.revision = before.revision
      #expect(
        try await backend.records(Friend.self).update(mine).value.revision == before.revision + 1)
    }
  }

  @Test func friendsChangedFiresAfterEachWriteAndAtEachPollThatSeesAChange() async throws {
    try await withAppServer(timeout: hangBound) { fixture in
      let (backend, clock) = pollingBackend(fixture.client)
      let store = fixture.store
      // Each change, as the number of friends in the store when it arrives: a change reported
      // too early, or one that is not a change, shows as a wrong count.
      var changes = elements(
        backend.records(Friend.self).recordsChanged.map { try store.records(Friend.self).count })
      #expect(
        await fixture.log.contains(.responded(connection: 1, status: 200), within: hangBound))
      let added = try await backend.records(Friend.self).add(grace).value
      #expect(try await changes.next() == 21)
      // Another client removes the friend; the next poll sees it.
      try store.remove(Friend.self, id: added.id)
      clock.advanceTo(2_000)
      #expect(try await changes.next() == 20)
      // A poll that finds nothing new reports nothing.
      clock.advanceTo(4_000)
      let quietPoll = await fixture.log.firstEvent(timeout: hangBound) {
        if case .responded(let connection, 200) = $0 { return connection > 4 }
        return false
      }
      #expect(quietPoll != nil)
      _ = try await backend.records(Friend.self).add(grace).value
      #expect(try await changes.next() == 21)
    }
  }

  @Test func aWriteMadeWhileTheFirstReadOfTheFriendsRunsIsStillAChange() async throws {
    let gate = AnswerGate { $0.method == .get && $0.path == "/friends" }
    try await withAppServer(timeout: hangBound, wrapping: gate.wrap) { fixture in
      defer { gate.open() }
      let backend = RemoteBackend(
        client: fixture.client, scheduler: deliveries, pollScheduler: pollClock())
      var changes = elements(backend.records(Friend.self).recordsChanged)
      let firstRead = await fixture.log.firstEvent(timeout: hangBound) { $0.isReceived }
      expectEqual(firstRead, .received(connection: 1, method: .get, target: "/friends"))
      // The write's own read replaces the first one, which the gate still holds; its result
      // must count as a change, or a list loaded before the write would stay stale.
      _ = try await backend.records(Friend.self).add(grace).value
      #expect(try await changes.next() != nil)
      let events = fixture.log.events
      #expect(events.contains(.received(connection: 3, method: .get, target: "/friends")))
      #expect(!events.contains(.responded(connection: 1, status: 200)))
    }
  }
}
