import Foundation
import HTTPServer
import Models
import ReactiveTesting
import RemoteBackend
import Testing

/// How HTTPClient reports people and posts of the wrong shape.
@Suite(.timeLimit(.minutes(3))) struct HTTPClientTimelineFailureTests {
  @Test func peopleOfTheWrongShapeNameTheField() async throws {
    let wrongType = HTTPReply.response(.json(Data(#"[{"id": "seven", "name": "x"}]"#.utf8)))
    try await withFixtureServer(replying: wrongType) { client, _ in
      #expect(
        await serviceError { try await client.people() }
          == .malformedResponse("expected a list of people, but \"[0].id\" is not of type Int"))
    }
  }

  @Test func aPostWithABadDateNamesTheFieldAndTheText() async throws {
    let badDate = HTTPReply.response(
      .json(Data(#"[{"id":1,"authorId":1,"authorName":"A","text":"t","date":"yesterday"}]"#.utf8)))
    try await withFixtureServer(replying: badDate) { client, _ in
      let failure = await serviceError { try await client.timeline() }
      expectEqual(
        failure,
        .malformedResponse(
          "expected a page of posts, but \"[0].date\" is not valid: "
            + "\"yesterday\" is not an ISO 8601 date"))
    }
  }
}
