import Foundation
import Models
import Navigator
import ReactiveTesting
import Testing

@testable import FriendsWeb

/// The timeline's pages in a browser tab: the posts that arrive on the view model's timer
/// without a tap, older posts on request, a post whole, its author's posts, and the people.
@MainActor @Suite struct TimelinePagesTests {
  static let hanna = Person(id: 7, name: "Hanna Virtanen")
  static let jonah = Person(id: 8, name: "Jonah Price")

  static func post(_ id: Int) -> Post {
    Post(
      id: id, author: id % 2 == 0 ? jonah : hanna, text: "Post number \(id)",
      date: Date(timeIntervalSince1970: 1_772_355_600 + Double(id) * 60))
  }

  @Test func newPostsArriveLiveOlderOnesOnRequestAndAPostOpensItsAuthor() {
    WebHarness.run { h in
      // Posts 2–3 at first, post 4 from 5 s on, post 1 the page before; each page takes 100 ms.
      h.timeline.timelineResponse = { cursor in
        let available = h.clock.clock >= 5_000 ? [4, 3, 2] : [3, 2]
        let page = available.filter { $0 > (cursor.newestId ?? 0) }.map(Self.post)
        return [.next(100, page), .completed(100)]
      }
      h.timeline.olderResponse = { _ in [.next(100, [Self.post(1)]), .completed(100)] }
      h.timeline.postsResponse = { person, _ in
        [.next(100, [4, 2].map(Self.post).filter { $0.authorId == person.id }), .completed(100)]
      }
      h.timeline.peopleResponse = { [.next(100, [Self.hanna, Self.jonah]), .completed(100)] }
      h.auth.status.accept(.authorized(WebHarness.ada))
      h.start()
      let tab = h.open("/timeline")
      #expect(tab.html.contains("Loading…"))
      h.advance(by: 100)
      #expect(tab.html.contains("Post number 3"))
      #expect(!tab.html.contains("Post number 4"))
      #expect(tab.html.contains("2 posts"))

      // The next tick brings post 4 to the open page, without an input.
      let frames = tab.connection.frames.count
      h.advance(by: 5_100 - h.clock.clock)
      #expect(tab.html.contains("Post number 4"))
      #expect(tab.connection.frames.count > frames)

      tab.send("older")
      #expect(tab.html.contains("Loading older posts…"))
      h.advance(by: 100)
      #expect(tab.html.contains("Post number 1"))

      tab.send("read", "4")
      expectEqual(tab.path, "/timeline/posts/4")
      #expect(tab.html.contains(#"<p class="text">Post number 4</p>"#))
      tab.send("author")
      expectEqual(tab.path, "/timeline/people/8")
      h.advance(by: 100)
      #expect(tab.html.contains("<h1>Jonah Price</h1>"))
      #expect(tab.html.contains("Post number 2"))

      // The address bar's prefixes lead back: the timeline, then its people.
      tab.send("open", "/timeline")
      expectEqual(tab.path, "/timeline")
      tab.send("people")
      expectEqual(tab.path, "/timeline/people")
      h.advance(by: 100)
      #expect(tab.html.contains(#"data-tap="person" data-value="7""#))
    }
  }
}
