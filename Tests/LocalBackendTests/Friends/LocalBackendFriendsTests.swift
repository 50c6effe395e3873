import Foundation
import LocalBackend
import Models
import ReactiveCore
import ReactiveTesting
import Services
import Testing

let grace = FriendDraft(firstName: "Grace", lastName: "Hopper", phoneNumber: "5550100123")

/// The embedded backend's friends, on virtual time: what each call answers and changes, and when the changes are seen.
@Suite(.timeLimit(.minutes(1))) struct LocalBackendFriendsTests {
  @Test func friendsAndOneFriendAreWhatTheStoreHolds() throws {
    try withBackend { fixture in
      let friends = try fixture.store.records(Friend.self)
      expectEqual(friends.count, 20)
      expectEqual(
        fixture.run(fixture.backend.records(Friend.self).records()),
        [
          .next(0, friends), .completed(0),
        ])
      let seventh = friends[6]
      expectEqual(
        fixture.run(fixture.backend.records(Friend.self).record(id: seventh.id)),
        [
          .next(0, seventh), .completed(0),
        ])
    }
  }

  @Test func addingUpdatingAndRemovingAFriendChangeTheStore() throws {
    try withBackend { fixture throws in
      let backend = fixture.backend
      let added = Friend(id: 21, draft: grace)
      expectEqual(
        fixture.run(backend.records(Friend.self).add(grace)), [.next(0, added), .completed(0)])
      #expect(try fixture.store.record(Friend.self, id: 21) == added)

      var changed = added
      changed.phoneNumber = " +1 555 0199 "
      var saved = added
      saved.phoneNumber = "+1 555 0199"
      saved.revision = 2
      expectEqual(
        fixture.run(backend.records(Friend.self).update(changed)),
        [
          .next(0, saved), .completed(0),
        ])
      #expect(try fixture.store.record(Friend.self, id: 21) == saved)

      expectEqual(fixture.run(backend.records(Friend.self).remove(id: 21)), [.completed(0)])
      #expect(try fixture.store.records(Friend.self).contains { $0.id == 21 } == false)
      #expect(try fixture.store.records(Friend.self).count == 20)
    }
  }

  @Test func anUnknownIdFailsWithNotFoundForEveryCall() throws {
    try withBackend { fixture in
      let backend = fixture.backend
      let before = try fixture.store.snapshot()
      let stranger = Friend(id: 999, draft: grace)
      expectEqual(
        fixture.run(backend.records(Friend.self).record(id: 999)),
        [
          .error(0, ServiceError.notFound(id: 999))
        ])
      expectEqual(
        fixture.run(backend.records(Friend.self).update(stranger)),
        [
          .error(0, ServiceError.notFound(id: 999))
        ])
      expectEqual(
        fixture.run(backend.records(Friend.self).remove(id: 999)),
        [
          .error(0, ServiceError.notFound(id: 999))
        ])
      #expect(try fixture.store.snapshot() == before)
    }
  }

  @Test func anInvalidFriendIsRefusedWithTheRule() throws {
    try withBackend { fixture in
      let before = try fixture.store.snapshot()
      let draft = FriendDraft(firstName: "Grace", lastName: "Hopper", phoneNumber: "12")
      let message = try #require(Validation.phoneNumber("12").message)
      expectEqual(
        fixture.run(fixture.backend.records(Friend.self).add(draft)),
        [
          .error(0, ServiceError.invalid(message))
        ])
      #expect(try fixture.store.snapshot() == before)
    }
  }

  @Test func friendsChangedFiresForLocalWritesAtOnceAndOtherProcessesAtThePoll() throws {
    try withBackend { fixture in
      let backend = fixture.backend
      let other = try fixture.otherProcess()
      let (changed, subscription) = fixture.subscribe(backend.records(Friend.self).recordsChanged)
      let (_, _) = fixture.subscribe(backend.records(Friend.self).add(grace), at: 100)
      fixture.clock.scheduleAt(1_300) { try? other.remove(Friend.self, id: 4) }
      // Nothing about friends: the account, posts, a read, a refused write.
      fixture.clock.scheduleAt(2_300) { _ = try? other.logIn(email: ada.email, password: password) }
      fixture.clock.scheduleAt(2_400) {
        _ = try? other.generatePosts(count: 2, date: Date(timeIntervalSince1970: 1_700_000_000))
      }
      let (_, _) = fixture.subscribe(backend.logOut(), at: 3_100)
      let (_, _) = fixture.subscribe(backend.records(Friend.self).records(), at: 3_200)
      let (_, _) = fixture.subscribe(backend.records(Friend.self).remove(id: 999), at: 3_300)
      fixture.clock.advanceTo(5_500)
      subscription.dispose()
      expectEqual(changed.events.map(\.time), [100, 2_000])
    }
  }

  @Test func friendsChangedReportsOnlyWhatChangedWhileSubscribed() throws {
    try withBackend { fixture in
      let other = try fixture.otherProcess()
      let (first, firstSubscription) = fixture.subscribe(
        fixture.backend.records(Friend.self).recordsChanged)
      fixture.clock.scheduleAt(500) { firstSubscription.dispose() }
      fixture.clock.scheduleAt(600) { _ = try? other.add(grace) }
      let (second, secondSubscription) = fixture.subscribe(
        fixture.backend.records(Friend.self).recordsChanged, at: 700)
      fixture.clock.scheduleAt(2_900) { try? other.remove(Friend.self, id: 1) }
      fixture.clock.advanceTo(4_000)
      secondSubscription.dispose()
      #expect(first.events.isEmpty)
      expectEqual(second.events.map(\.time), [3_700])
    }
  }

  @Test func aDelayedAdditionHappensWhenItsLatencyEnds() throws {
    try withBackend(faults: .init(latency: .milliseconds(300))) { fixture throws in
      let (observer, _) = fixture.subscribe(
        fixture.backend.records(Friend.self).add(grace), at: 100)
      fixture.clock.advanceTo(399)
      #expect(observer.events.isEmpty)
      #expect(try fixture.store.records(Friend.self).count == 20)
      fixture.clock.advanceTo(400)
      expectEqual(observer.events, [.next(400, Friend(id: 21, draft: grace)), .completed(400)])
      #expect(try fixture.store.records(Friend.self).count == 21)
    }
  }

  @Test func aFailingFriendsCallFailsWithInjectedFailureAndTheOthersWork() throws {
    try withBackend(faults: .init(latency: .milliseconds(200), failing: ["friends", "add"])) {
      fixture in
      let before = try fixture.store.snapshot()
      let friends = fixture.run(fixture.backend.records(Friend.self).records())
      expectEqual(friends.map(\.time), [200])
      let failure = try #require(friends.first?.value.error as? LocalBackend.InjectedFailure)
      expectEqual(failure.call, "friends")
      expectEqual("\(failure)", "the backend was told to fail friends")

      let added = fixture.run(fixture.backend.records(Friend.self).add(grace), at: 1_000)
      expectEqual(added.map(\.time), [1_200])
      expectEqual((added.first?.value.error as? LocalBackend.InjectedFailure)?.call, "add")
      #expect(try fixture.store.snapshot() == before)

      let people = fixture.run(fixture.backend.people(), at: 2_000)
      #expect(people == [.next(2_200, try fixture.store.people()), .completed(2_200)])
      let one = fixture.run(fixture.backend.records(Friend.self).record(id: 2), at: 3_000)
      #expect(
        one == [.next(3_200, try fixture.store.record(Friend.self, id: 2)), .completed(3_200)])
    }
  }

  @Test func twoObserversShareOnePollAndBothSeeEachChange() throws {
    try withBackend { fixture in
      let other = try fixture.otherProcess()
      let (status, statusSubscription) = fixture.subscribe(fixture.backend.accountStatus)
      let (friends, friendsSubscription) = fixture.subscribe(
        fixture.backend.records(Friend.self).recordsChanged, at: 400)
      fixture.clock.scheduleAt(700) {
        _ = try? other.logIn(email: ada.email, password: password)
        _ = try? other.add(grace)
      }
      fixture.clock.advanceTo(1_500)
      statusSubscription.dispose()
      friendsSubscription.dispose()
      expectEqual(status.events, [.next(0, .unavailable), .next(1_000, .authorized(ada))])
      expectEqual(friends.events.map(\.time), [1_000])
    }
  }

  @Test func aFriendAddedWhileNobodyListenedHidesNoLaterChange() throws {
    try withBackend { fixture in
      let backend = fixture.backend
      _ = fixture.run(backend.records(Friend.self).add(grace))
      let (friends, subscription) = fixture.subscribe(
        backend.records(Friend.self).recordsChanged, at: 100)
      let (_, _) = fixture.subscribe(backend.records(Friend.self).remove(id: 21), at: 300)
      fixture.clock.advanceTo(2_500)
      subscription.dispose()
      expectEqual(friends.events.map(\.time), [300])
    }
  }

  @Test func aCorruptStoreFileMakesFriendsAndPostsCallsFailWithTheStoresError() throws {
    try withBackend { fixture in
      let garbage = Data("{\"schemaVersion\": 1, \"friends\": [".utf8)
      try garbage.write(to: fixture.store.fileURL)
      let expected = try #require(
        storeError { try LocalStore(directory: fixture.directory) }?.serviceError)
      let backend = fixture.backend
      expectEqual(fixture.run(backend.records(Friend.self).records()), [.error(0, expected)])
      expectEqual(fixture.run(backend.people()), [.error(0, expected)])
      expectEqual(fixture.run(backend.records(Friend.self).add(grace)), [.error(0, expected)])
      #expect(try fixture.store.fileURL.bytes() == garbage)
    }
  }
}
