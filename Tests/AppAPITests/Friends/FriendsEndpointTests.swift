import AppAPI
import Testing

@Suite struct FriendsEndpointTests {
  @Test func theFriendsRoutesShareTheirPaths() {
    #expect(HTTPAPI.friends.path() == ["friends"])
    #expect(HTTPAPI.friend.path(["id": "7"]) == ["friends", "7"])
    #expect(HTTPAPI.updateFriend.method == "PUT")
    #expect(HTTPAPI.updateFriend.pattern == HTTPAPI.friend.pattern)
    #expect(HTTPAPI.removeFriend.description == "DELETE /friends/{id}")
  }
}
