import AppAPI
import Testing

@Suite struct EndpointTests {
  @Test func aPathWithoutParametersIsItsSegments() {
    #expect(HTTPAPI.passwordReset.path() == ["password-reset"])
    #expect(HTTPAPI.friends.path() == ["friends"])
  }

  @Test func parametersFillTheirSegments() {
    #expect(HTTPAPI.friend.path(["id": "7"]) == ["friends", "7"])
    #expect(HTTPAPI.personPosts.path(["id": "3"]) == ["people", "3", "posts"])
  }

  @Test func theClientAndTheServerShareEachRoute() {
    #expect(HTTPAPI.updateFriend.method == "PUT")
    #expect(HTTPAPI.updateFriend.pattern == HTTPAPI.friend.pattern)
    #expect(HTTPAPI.removeFriend.description == "DELETE /friends/{id}")
  }
}
