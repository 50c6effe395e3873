import Foundation
import HTTPServer
import Models
import RemoteBackend
import Testing

/// How HTTPClient reports the friends' answers that fail or have the wrong shape.
@Suite(.timeLimit(.minutes(3))) struct HTTPClientFriendsFailureTests {
  @Test func a404OnOneFriendIsThatFriendNotFound() async throws {
    try await withFixtureServer(replying: .error(status: 404, message: "gone")) { client, _ in
      #expect(
        await serviceError { try await client.record(Friend.self, id: 3) } == .notFound(id: 3))
    }
  }

  @Test func aFriendWithoutAFieldNamesTheField() async throws {
    let missing = HTTPReply.response(.json(Data(#"{"id": 1, "firstName": "A"}"#.utf8)))
    try await withFixtureServer(replying: missing) { client, _ in
      #expect(
        await serviceError { try await client.record(Friend.self, id: 1) }
          == .malformedResponse("expected a friend, but \"lastName\" is missing"))
    }
  }
}
