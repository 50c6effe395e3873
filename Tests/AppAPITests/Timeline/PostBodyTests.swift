import AppAPI
import Foundation
import Models
import ReactiveTesting
import Testing

/// Posts in the wire format shared by the client and the server.
@Suite struct PostBodyTests {
  @Test func aPersonsPostsPathHasTheirIdentifier() {
    expectEqual(HTTPAPI.personPosts.path(["id": "3"]), ["people", "3", "posts"])
  }

  @Test func postsSurviveTheTripToTheMillisecond() throws {
    let post = Post(
      id: 7, authorId: 2, authorName: "Tomás Ibarra", text: "Hi \"there\"",
      date: Date(timeIntervalSince1970: 1_720_000_000.125))
    let data = try HTTPAPI.makeEncoder().encode(post)
    #expect(
      String(decoding: data, as: UTF8.self)
        == #"{"authorId":2,"authorName":"Tomás Ibarra","date":"2024-07-03T09:46:40.125Z","#
        + #""id":7,"text":"Hi \"there\""}"#)
    #expect(try HTTPAPI.makeDecoder().decode(Post.self, from: data) == post)
  }

  @Test func datesWithAnOffsetAreRead() throws {
    let json =
      #"{"id":1,"authorId":1,"authorName":"A","text":"t","date":"2024-03-01T10:00:00+02:00"}"#
    let post = try HTTPAPI.makeDecoder().decode(Post.self, from: Data(json.utf8))
    expectEqual(post.date, Date(timeIntervalSince1970: 1_709_280_000))
  }
}
