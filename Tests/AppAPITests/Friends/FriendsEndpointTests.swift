import AppAPI
import Foundation
import Models
import Testing

@Suite struct FriendsEndpointTests {
  @Test func theFriendsRoutesShareTheirPaths() {
    #expect(RecordRoutes<Friend>.list.path() == ["friends"])
    #expect(RecordRoutes<Friend>.get.path(["id": "7"]) == ["friends", "7"])
    #expect(RecordRoutes<Friend>.update.method == "PUT")
    #expect(RecordRoutes<Friend>.update.pattern == RecordRoutes<Friend>.get.pattern)
    #expect(RecordRoutes<Friend>.remove.description == "DELETE /friends/{id}")
    #expect(RecordRoutes<Friend>.add.status == 201)
    #expect(RecordRoutes<Friend>.remove.status == 204)
  }

  @Test func aChangeCarriesTheDraftsFieldsBesideTheRevision() throws {
    let change = RecordChange(
      draft: FriendDraft(firstName: "Ada", lastName: "Lovelace", phoneNumber: "5550100"),
      revision: 3)
    let data = try HTTPAPI.makeEncoder().encode(change)
    #expect(
      String(decoding: data, as: UTF8.self)
        == #"{"firstName":"Ada","lastName":"Lovelace","phoneNumber":"5550100","revision":3}"#)
    #expect(try HTTPAPI.makeDecoder().decode(RecordChange<FriendDraft>.self, from: data) == change)
    let withoutRevision = Data(#"{"firstName":"Ada","lastName":"L","phoneNumber":"1"}"#.utf8)
    #expect(
      try HTTPAPI.makeDecoder().decode(RecordChange<FriendDraft>.self, from: withoutRevision)
        .revision == nil)
  }
}
