import AppAPI
import Foundation
import FriendsServer
import HTTPServer
import LocalBackend
import Models
import RemoteBackend
import TestSupport
import Testing

/// Every endpoint end to end: HTTPClient → HTTPServer with FriendsAPI → LocalStore.
@Suite(.timeLimit(.minutes(1))) struct HTTPClientEndpointTests {
  private let demoPassword = StoreSeed.demoPassword

  @Test func logInLogOutAndAccountStatusFollowTheSession() async throws {
    try await withFriendsServer(signedIn: false) { fixture in
      let client = fixture.client
      #expect(try await client.accountStatus() == .unavailable)
      let account = try await client.logIn(email: " ADA@example.com ", password: demoPassword)
      #expect(account == StoreSeed.demoAccount)
      #expect(try await client.accountStatus() == .authorized(StoreSeed.demoAccount))
      // The server's sessions leave the store's own "signed in" flag alone.
      #expect(try fixture.store.accountStatus() == .unavailable)
      try await client.logOut()
      #expect(try await client.accountStatus() == .unavailable)
      try await client.logOut()
      #expect(fixture.sessions.records.isEmpty)
    }
  }

  @Test func aWrongPasswordIsWrongCredentials() async throws {
    try await withFriendsServer { fixture in
      let failure = await serviceError {
        try await fixture.client.logIn(email: "ada@example.com", password: "not the password")
      }
      #expect(failure == .wrongCredentials)
      let status = try fixture.store.accountStatus()
      #expect(status == .unavailable)
    }
  }

  @Test func passwordResetAcceptsValidAddressesAndExplainsBadOnes() async throws {
    try await withFriendsServer { fixture in
      try await fixture.client.requestPasswordReset(email: "someone@example.com")
      let failure = await serviceError {
        try await fixture.client.requestPasswordReset(email: "no-at-sign")
      }
      #expect(failure == .invalid(Validation.email("no-at-sign").message!))
    }
  }

  @Test func friendsListAndOneFriendMatchTheStore() async throws {
    try await withFriendsServer { fixture in
      let friends = try await fixture.client.friends()
      #expect(friends == (try fixture.store.friends()))
      #expect(friends.count == 20)
      let third = friends[2]
      #expect(try await fixture.client.friend(id: third.id) == third)
      #expect(await serviceError { try await fixture.client.friend(id: 999) } == .notFound(id: 999))
    }
  }

  @Test func addingAFriendSavesItTrimmedWithANewIdentifier() async throws {
    try await withFriendsServer(seed: .empty) { fixture in
      let draft = FriendDraft(firstName: " Grace ", lastName: "Hopper", phoneNumber: "555 0100")
      let saved = try await fixture.client.addFriend(draft)
      #expect(
        saved == Friend(id: 1, firstName: "Grace", lastName: "Hopper", phoneNumber: "555 0100"))
      #expect(try fixture.store.friends() == [saved])
      #expect(
        await fixture.log.contains(.responded(connection: 1, status: 201), within: .seconds(10)))
    }
  }

  @Test func anInvalidFriendIsRefusedWithTheRuleAndNothingChanges() async throws {
    try await withFriendsServer(seed: .empty) { fixture in
      let draft = FriendDraft(firstName: "Grace", lastName: "Hopper", phoneNumber: "12")
      let failure = await serviceError { try await fixture.client.addFriend(draft) }
      #expect(failure == .invalid(Validation.phoneNumber("12").message!))
      let friends = try fixture.store.friends()
      #expect(friends.isEmpty)
    }
  }

  @Test func updatingAFriendReplacesItsFields() async throws {
    try await withFriendsServer { fixture in
      var friend = try fixture.store.friend(id: 5)
      friend.phoneNumber = "+1 555 0199 "
      let saved = try await fixture.client.updateFriend(friend)
      #expect(saved.phoneNumber == "+1 555 0199")
      #expect(try fixture.store.friend(id: 5) == saved)

      let missing = Friend(id: 404, firstName: "No", lastName: "One", phoneNumber: "5550100")
      #expect(
        await serviceError { try await fixture.client.updateFriend(missing) } == .notFound(id: 404))
      friend.firstName = "  "
      #expect(
        await serviceError { try await fixture.client.updateFriend(friend) }
          == .invalid(Validation.firstName("").message!))
      #expect(try fixture.store.friend(id: 5) == saved)
    }
  }

  @Test func removingAFriendDeletesItOnce() async throws {
    try await withFriendsServer { fixture in
      try await fixture.client.removeFriend(id: 7)
      #expect(try fixture.store.friends().contains { $0.id == 7 } == false)
      #expect(
        await fixture.log.contains(.responded(connection: 1, status: 204), within: .seconds(10)))
      #expect(
        await serviceError { try await fixture.client.removeFriend(id: 7) } == .notFound(id: 7))
    }
  }

  @Test func searchSendsTheQueryIntactAndMatchesLikeTheStore() async throws {
    try await withFriendsServer { fixture in
      let odd = try fixture.store.addFriend(
        FriendDraft(firstName: "Ann+Marie", lastName: "Ø'Neil & Co=1", phoneNumber: "5550100"))
      #expect(try await fixture.client.searchFriends(matching: "ann+marie") == [odd])
      #expect(try await fixture.client.searchFriends(matching: "neil & co=") == [odd])
      #expect(try await fixture.client.searchFriends(matching: "") == (try fixture.store.friends()))
      #expect(try await fixture.client.searchFriends(matching: "zzzz").isEmpty)
      let store = try fixture.store.searchFriends(matching: "an")
      #expect(try await fixture.client.searchFriends(matching: "an") == store)
      #expect(store.count > 1)
    }
  }

  @Test func timelinePagesMatchTheStoreWithExactDates() async throws {
    try await withFriendsServer { fixture in
      let fresh = try fixture.store.generatePosts(
        count: 3, date: Date(timeIntervalSince1970: 1_720_000_000.250))
      let client = fixture.client
      let first = try await client.timeline()
      #expect(first == (try fixture.store.timeline()))
      #expect(first.count == HTTPAPI.defaultPageSize)
      #expect(Array(first.prefix(3)) == fresh)
      #expect(first[0].date == Date(timeIntervalSince1970: 1_720_000_000.250))

      let newer = try await client.timeline(sinceId: 100, limit: 2)
      #expect(newer == (try fixture.store.timeline(sinceId: 100, limit: 2)))
      #expect(newer.map(\.id) == [103, 102])
      let older = try await client.timeline(maxId: 50, limit: 5)
      #expect(older.map(\.id) == [49, 48, 47, 46, 45])
      let window = try await client.timeline(sinceId: 10, maxId: 14, limit: 100)
      #expect(window.map(\.id) == [13, 12, 11])
    }
  }

  @Test func aPageSizeOutOfRangeIsRefused() async throws {
    try await withFriendsServer { fixture in
      let failure = await serviceError { try await fixture.client.timeline(limit: 0) }
      #expect(failure == .invalid("limit must be a whole number from 1 to 100"))
      let tooMany = await serviceError {
        try await fixture.client.posts(byPerson: 1, limit: HTTPAPI.maximumPageSize + 1)
      }
      #expect(tooMany == .invalid("limit must be a whole number from 1 to 100"))
    }
  }

  @Test func peopleAndTheirPostsMatchTheStore() async throws {
    try await withFriendsServer { fixture in
      let people = try await fixture.client.people()
      #expect(people == (try fixture.store.people()))
      #expect(people.count == StoreSeed.demoAuthors.count)
      let person = people[1]
      let posts = try await fixture.client.posts(byPerson: person.id, limit: 5)
      #expect(posts == (try fixture.store.posts(byPerson: person.id, limit: 5)))
      #expect(posts.count == 5 && posts.allSatisfy { $0.authorId == person.id })
      let older = try await fixture.client.posts(byPerson: person.id, maxId: posts[4].id, limit: 3)
      #expect(older == (try fixture.store.posts(byPerson: person.id, maxId: posts[4].id, limit: 3)))
      let newer = try await fixture.client.posts(byPerson: person.id, sinceId: posts[1].id)
      #expect(newer == Array(posts.prefix(1)))
      #expect(try await fixture.client.posts(byPerson: 999).isEmpty)
    }
  }

  @Test func aBaseURLWithAPathPrefixesEveryEndpoint() async throws {
    try await withTemporaryDirectory { directory in
      let store = try LocalStore(directory: directory, seed: .demo)
      let api = FriendsAPI(store: store)
      let token = try api.sessions.start(for: StoreSeed.demoAccount).text
      var router = HTTPRouter()
      router.get("/api/v1/friends") { request in
        var inner = request
        inner.pathSegments = ["friends"]
        return api.handle(inner)
      }
      let server = try HTTPServer(router: router)
      defer { server.stop() }
      let client = HTTPClient(
        baseURL: server.url.appendingPathComponent("api/v1"), tokens: MemorySessionTokens(token))
      #expect(try await client.friends() == (try store.friends()))
    }
  }

  @Test func concurrentCallsAreIndependent() async throws {
    try await withFriendsServer { fixture in
      let client = fixture.client
      let names = try await withThrowingTaskGroup(of: String.self) { group in
        for id in 1...10 {
          group.addTask { try await client.friend(id: id).firstName }
        }
        return try await group.reduce(into: Set<String>()) { $0.insert($1) }
      }
      #expect(names == Set(try (1...10).map { try fixture.store.friend(id: $0).firstName }))
    }
  }
}
