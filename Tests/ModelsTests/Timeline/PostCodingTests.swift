import Foundation
import Models
import ReactiveTesting
import Testing

@Suite struct PostCodingTests {
  @Test func postsAndCursorsSurviveJSON() throws {
    let post = Post(
      id: 9, author: Person(id: 2, name: "Grace Hopper"), text: "Hello",
      date: Date(timeIntervalSince1970: 1_700_000_000))
    #expect(try ModelCodingTests().roundTrip(post) == post)
    #expect(
      try ModelCodingTests().roundTrip(TimelineCursor(newestId: 4, oldestId: 1))
        == TimelineCursor(newestId: 4, oldestId: 1))
  }

  @Test func postExposesItsAuthor() {
    let post = Post(
      id: 1, authorId: 4, authorName: "Barbara Liskov", text: "",
      date: Date(timeIntervalSince1970: 0))
    expectEqual(post.author, Person(id: 4, name: "Barbara Liskov"))
  }
}
