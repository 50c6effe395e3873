import AppAPI
import AppServer
import Foundation
import HTTPServer
import LocalBackend
import Models
import ReactiveTesting
import RemoteBackend
import TestSupport
import Testing

/// The friends' endpoints end to end: HTTPClient → HTTPServer with ServerAPI → LocalStore.
@Suite(.timeLimit(.minutes(3))) struct HTTPClientFriendsTests {
  @Test func friendsListAndOneFriendMatchTheStore() async throws {
    try await withAppServer { fixture in
      let friends = try await fixture.client.records(Friend.self)
      #expect(friends == (try fixture.store.records(Friend.self)))
      expectEqual(friends.count, 20)
      let third = friends[2]
      #expect(try await fixture.client.record(Friend.self, id: third.id) == third)
      #expect(
        await serviceError { try await fixture.client.record(Friend.self, id: 999) }
          == .notFound(id: 999))
    }
  }

  @Test func addingAFriendSavesItTrimmedWithANewIdentifier() async throws {
    try await withAppServer(seed: .empty) { fixture in
      let draft = FriendDraft(firstName: " Grace ", lastName: "Hopper", phoneNumber: "555 0100")
      let saved = try await fixture.client.add(draft)
      expectEqual(
        saved, Friend(id: 1, firstName: "Grace", lastName: "Hopper", phoneNumber: "555 0100"))
      #expect(try fixture.store.records(Friend.self) == [saved])
      #expect(
        await fixture.log.contains(.responded(connection: 1, status: 201), within: hangBound))
    }
  }

  @Test func anInvalidFriendIsRefusedWithTheRuleAndNothingChanges() async throws {
    try await withAppServer(seed: .empty) { fixture in
      let draft = FriendDraft(firstName: "Grace", lastName: "Hopper", phoneNumber: "12")
      let failure = await serviceError { try await fixture.client.add(draft) }
      expectEqual(failure, .invalid(Validation.phoneNumber("12").message!))
      let friends = try fixture.store.records(Friend.self)
      #expect(friends.isEmpty)
    }
  }

  @Test func updatingAFriendReplacesItsFields() async throws {
    try await withAppServer { fixture in
      var friend = try fixture.store.record(Friend.self, id: 5)
      friend.phoneNumber = "+1 555 0199 "
      let saved = try await fixture.client.update(friend)
      expectEqual(saved.phoneNumber, "+1 555 0199")
      #expect(try fixture.store.record(Friend.self, id: 5) == saved)

      let missing = Friend(id: 404, firstName: "No", lastName: "One", phoneNumber: "5550100")
      #expect(
        await serviceError { try await fixture.client.update(missing) } == .notFound(id: 404))
      friend.firstName = "  "
      #expect(
        await serviceError { try await fixture.client.update(friend) }
          == .invalid(Validation.firstName("").message!))
      #expect(try fixture.store.record(Friend.self, id: 5) == saved)
    }
  }

  @Test func removingAFriendDeletesItOnce() async throws {
    try await withAppServer { fixture in
      try await fixture.client.remove(Friend.self, id: 7)
      #expect(try fixture.store.records(Friend.self).contains { $0.id == 7 } == false)
      #expect(
        await fixture.log.contains(.responded(connection: 1, status: 204), within: hangBound))
      #expect(
        await serviceError { try await fixture.client.remove(Friend.self, id: 7) }
          == .notFound(id: 7))
    }
  }
}
