import AppAPI
import AppServer
import Foundation
import HTTPServer
import LocalBackend
import Models
import RemoteBackend
import TestSupport
import Testing

/// The search endpoint end to end: HTTPClient → HTTPServer with ServerAPI → LocalStore.
@Suite(.timeLimit(.minutes(3))) struct HTTPClientSearchTests {
  @Test func searchSendsTheQueryIntactAndMatchesLikeTheStore() async throws {
    try await withAppServer { fixture in
      let odd = try fixture.store.add(
        FriendDraft(firstName: "Ann+Marie", lastName: "Ø'Neil & Co=1", phoneNumber: "5550100"))
      #expect(try await fixture.client.searchFriends(matching: "ann+marie") == [odd])
      #expect(try await fixture.client.searchFriends(matching: "neil & co=") == [odd])
      #expect(
        try await fixture.client.searchFriends(matching: "")
          == (try fixture.store.records(Friend.self)))
      #expect(try await fixture.client.searchFriends(matching: "zzzz").isEmpty)
      let store = try fixture.store.searchFriends(matching: "an")
      #expect(try await fixture.client.searchFriends(matching: "an") == store)
      #expect(store.count > 1)
    }
  }
}
