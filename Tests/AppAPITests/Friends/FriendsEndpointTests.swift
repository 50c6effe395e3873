import AppAPI
import Foundation
import Models
import ReactiveTesting
import Testing

@Suite struct FriendsEndpointTests {
  @Test func theFriendsRoutesShareTheirPaths() {
    expectEqual(RecordRoutes<Friend>.list.path(), ["friends"])
    expectEqual(RecordRoutes<Friend>.get.path(["id": "7"]), ["friends", "7"])
    expectEqual(RecordRoutes<Friend>.update.method, "PUT")
    expectEqual(RecordRoutes<Friend>.update.pattern, RecordRoutes<Friend>.get.pattern)
    expectEqual(RecordRoutes<Friend>.remove.description, "DELETE /friends/{id}")
    expectEqual(RecordRoutes<Friend>.add.status, 201)
    expectEqual(RecordRoutes<Friend>.remove.status, 204)
  }

  @Test func aChangeCarriesTheDraftsFieldsBesideTheRevision() throws {
    let change = RecordChange(
      draft: FriendDraft(firstName: "Ada", lastName: "Lovelace", phoneNumber: "5550100"),
      revision: 3)
    let data = try HTTPAPI.makeEncoder().encode(change)
    expectEqual(
      String(decoding: data, as: UTF8.self),
      #"{"firstName":"Ada","lastName":"Lovelace","phoneNumber":"5550100","revision":3}"#)
    #expect(try HTTPAPI.makeDecoder().decode(RecordChange<FriendDraft>.self, from: data) == change)
    let withoutRevision = Data(#"{"firstName":"Ada","lastName":"L","phoneNumber":"1"}"#.utf8)
    #expect(
      try HTTPAPI.makeDecoder().decode(RecordChange<FriendDraft>.self, from: withoutRevision)
        .revision == nil)
  }
}
