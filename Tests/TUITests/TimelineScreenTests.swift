import Foundation
import Models
import ReactiveCore
import ReactiveTesting
import TerminalUI
import Testing

@testable import FriendsTUI

/// The timeline, the people who post, and one person's posts.
@MainActor @Suite struct TimelineScreenTests {
  static let hints = " ↑↓ scroll  Enter read  p pause  P people  Esc back  ? help  q quit"

  /// A server with posts 1–3, and post 4 from 5 s on; each page takes 100 ms.
  static func scriptTimeline(_ h: Harness) {
    h.friends.recordsResponse = { _ in [.next(10, [Fixtures.ada]), .completed(10)] }
    h.timeline.timelineResponse = { cursor in
      let available = h.clock.clock >= 5_000 ? [4, 3, 2, 1] : [3, 2, 1]
      let page = available.filter { $0 > (cursor.newestId ?? 0) }
        .map { Fixtures.post($0, by: $0 % 2 == 0 ? Fixtures.jonah : Fixtures.hanna) }
      return [.next(100, page), .completed(100)]
    }
  }

  static func timelineScreen(_ rows: [String], status: String = hints) -> [String] {
    [" Home › Friends › Timeline                                                  Ada"] + rows
      + Array(repeating: "", count: 22 - rows.count) + [status]
  }

  static let posts4 = [
    " › Mar 1 09:04   Jonah Price       Post number 4",
    "   Mar 1 09:03   Hanna Virtanen    Post number 3",
    "   Mar 1 09:02   Jonah Price       Post number 2",
    "   Mar 1 09:01   Hanna Virtanen    Post number 1",
  ]
  static let posts3 = [
    " › Mar 1 09:03   Hanna Virtanen    Post number 3",
    "   Mar 1 09:02   Jonah Price       Post number 2",
    "   Mar 1 09:01   Hanna Virtanen    Post number 1",
  ]

  @Test func theTimelineRefreshesOnTheViewModelsTimerAndPPauses() {
    Harness.run { h in
      Self.scriptTimeline(h)
      h.startLoggedIn()
      h.advance(to: 1_000)
      h.press(.character("t"))
      expectScreen(
        h,
        Self.timelineScreen([
          "   ▶ Live: checks for new posts every 5 s  ·  0 posts               ⠋ Fetching…",
          "",
          "   Loading…",
        ]))
      h.advance(to: 1_100)
      expectScreen(
        h,
        Self.timelineScreen(
          ["   ▶ Live: checks for new posts every 5 s  ·  3 posts", ""] + Self.posts3))
      // The next tick, 5 s after the first, brings post 4.
      h.advance(to: 6_100)
      expectScreen(
        h,
        Self.timelineScreen(
          ["   ▶ Live: checks for new posts every 5 s  ·  4 posts", ""] + Self.posts4))
      h.press(.character("p"))
      expectScreen(
        h,
        Self.timelineScreen(
          ["   ⏸ Paused: press p to resume  ·  4 posts", ""] + Self.posts4,
          status: " ↑↓ scroll  Enter read  p resume  P people  Esc back  ? help  q quit"))
      h.advance(to: 20_000)
      expectEqual(h.timeline.timelineCursors.count, 2)
      h.press(.character("p"))
      expectEqual(h.timeline.timelineCursors.count, 3)
      expectEqual(
        h.line(1), "   ▶ Live: checks for new posts every 5 s  ·  4 posts               ⠋ Fetching…"
      )
    }
  }

  @Test func movingPastTheLastPostLoadsOlderPostsUntilThereAreNone() {
    Harness.run { h in
      h.friends.recordsResponse = { _ in [.next(10, [Fixtures.ada]), .completed(10)] }
      let author = { (id: Int) in id % 2 == 0 ? Fixtures.jonah : Fixtures.hanna }
      h.timeline.timelineResponse = { cursor in
        let page = [5, 4, 3].filter { $0 > (cursor.newestId ?? 0) }
        return [.next(100, page.map { Fixtures.post($0, by: author($0)) }), .completed(100)]
      }
      h.timeline.olderResponse = { cursor in
        let page = [2, 1].filter { $0 < (cursor.oldestId ?? Int.max) }
        return [.next(100, page.map { Fixtures.post($0, by: author($0)) }), .completed(100)]
      }
      h.startLoggedIn()
      h.advance(to: 1_000)
      h.press(.character("t"))
      h.advance(to: 1_100)
      let title = "   ▶ Live: checks for new posts every 5 s  ·  "
      let rows3 = [
        "   Mar 1 09:05   Hanna Virtanen    Post number 5",
        "   Mar 1 09:04   Jonah Price       Post number 4",
        " › Mar 1 09:03   Hanna Virtanen    Post number 3",
      ]
      h.press(.down, times: 2)
      expectScreen(h, Self.timelineScreen([title + "3 posts", ""] + rows3))
      #expect(h.timeline.olderCursors.isEmpty)
      // ↓ on the last post asks for the page before it.
      h.press(.down)
      expectScreen(h, Self.timelineScreen([title + "3 posts", "   Loading older posts…"] + rows3))
      expectEqual(h.timeline.olderCursors, [TimelineCursor(newestId: 5, oldestId: 3)])
      h.advance(by: 100)
      let rows5 =
        rows3 + [
          "   Mar 1 09:02   Jonah Price       Post number 2",
          "   Mar 1 09:01   Hanna Virtanen    Post number 1",
        ]
      expectScreen(h, Self.timelineScreen([title + "5 posts", ""] + rows5))
      // G goes to the last post and asks again: nothing is older.
      h.press(.character("G"))
      expectEqual(h.line(2), "   Loading older posts…")
      h.advance(by: 100)
      let selectedLast =
        rows5.dropLast().map { $0.replacingOccurrences(of: " › ", with: "   ") }
        + [" › Mar 1 09:01   Hanna Virtanen    Post number 1"]
      expectScreen(
        h, Self.timelineScreen([title + "5 posts", "   No older posts."] + selectedLast))
      expectEqual(h.timeline.olderCursors.count, 2)
      // Leaving the last post hides the note.
      h.press(.up)
      expectEqual(h.line(2), "")
    }
  }

  @Test func aPostFromAnotherYearShowsItsYearInPlaceOfTheTime() {
    Harness.run { h in
      h.friends.recordsResponse = { _ in [.next(10, [Fixtures.ada]), .completed(10)] }
      // Post 2 is of the year the harness takes as now; post 1 is from 30 November 2025.
      var old = Fixtures.post(1)
      old.date = Date(timeIntervalSince1970: 1_764_485_280)
      let new = Fixtures.post(2, by: Fixtures.jonah)
      h.timeline.timelineResponse = { _ in [.next(100, [new, old]), .completed(100)] }
      h.startLoggedIn()
      h.press(.character("t"))
      h.advance(by: 100)
      expectEqual(h.line(3), " › Mar 1 09:02   Jonah Price       Post number 2")
      expectEqual(h.line(4), "   Nov 30 2025   Hanna Virtanen    Post number 1")
    }
  }

  @Test func atFortyColumnsTheDateGoesSoThatThePostsTextKeepsHalfTheRow() {
    Harness.run(width: 40, height: 12) { h in
      h.friends.recordsResponse = { _ in [.next(10, [Fixtures.ada]), .completed(10)] }
      let post = Fixtures.post(2, by: Fixtures.jonah, "Quick brown foxes jump over lazy dogs")
      h.timeline.timelineResponse = { _ in [.next(100, [post]), .completed(100)] }
      h.startLoggedIn()
      h.press(.character("t"))
      h.advance(by: 100)
      expectEqual(h.line(3), " › Jonah Price       Quick brown foxes…")
      // Wider again: the date and the whole author column come back.
      h.terminal.resize(to: TerminalSize(width: 80, height: 24))
      h.settle()
      expectEqual(
        h.line(3), " › Mar 1 09:02   Jonah Price       Quick brown foxes jump over lazy dogs")
    }
  }

  @Test func enterReadsThePostWholeWrappedAndScrolledAndAOpensTheAuthorsPosts() {
    Harness.run(width: 40, height: 10) { h in
      h.friends.recordsResponse = { _ in [.next(10, [Fixtures.ada]), .completed(10)] }
      let text =
        "A post longer than one row of forty columns, with an escape \u{1B}[2J in it.\n"
        + "A second line.\n\nAfter a blank one, the end."
      let post = Fixtures.post(3, text)
      h.timeline.timelineResponse = { _ in [.next(100, [post]), .completed(100)] }
      h.timeline.postsResponse = { _, _ in [.next(100, [post]), .completed(100)] }
      h.startLoggedIn()
      h.press(.character("t"))
      h.advance(by: 100)
      h.press(.enter)
      expectScreen(
        h,
        [
          " Home › Friends › Timeline › Post   Ada",
          "   Hanna Virtanen",
          "   Sunday 1 March 2026, 09:03  ↓ more",
          "",
          "   A post longer than one row of",
          "   forty columns, with an escape",
          "   \\u{1B}[2J in it.",
          "   A second line.",
          "",
          " ↑↓ scroll  ? help  q quit",
        ])
      // Down scrolls to the end and no further; the marker goes.
      h.press(.down, times: 5)
      expectEqual(
        (4...8).map(h.line),
        [
          "   forty columns, with an escape", "   \\u{1B}[2J in it.", "   A second line.", "",
          "   After a blank one, the end.",
        ])
      expectEqual(h.line(2), "   Sunday 1 March 2026, 09:03")
      h.press(.character("a"))
      h.advance(by: 100)
      expectEqual(h.app.navigator.currentStack.last, .personTimeline(Fixtures.hanna))
      // The author's posts open the same post whole with Enter.
      h.press(.enter)
      expectEqual(h.app.navigator.currentStack.last, .post(post))
      expectEqual(h.line(1), "   Hanna Virtanen")
      h.press(.escape, times: 3)
      expectEqual(h.app.navigator.currentStack.last, .timeline)
    }
  }

  @Test func aBannerShowsWhileNoOneIsLoggedIn() {
    Harness.run { h in
      Self.scriptTimeline(h)
      // Logged in through the screen, while the service still says no one is.
      h.auth.logInResponse = { _, _ in [.next(10, Harness.ada), .completed(10)] }
      h.start()
      h.type("ada@example.com")
      h.press(.tab)
      h.type("correct horse")
      h.press(.enter)
      h.advance(by: 20)
      h.press(.character("f"))
      h.press(.character("t"))
      h.advance(by: 1_000)
      expectScreen(
        h,
        Self.timelineScreen([
          "   ▶ Live: checks for new posts every 5 s  ·  0 posts",
          "                    Not logged in: new posts are not fetched",
          "   No posts yet.",
        ]))
      #expect(h.timeline.timelineCursors.isEmpty)
      h.auth.status.accept(.authorized(Harness.ada))
      h.advance(by: 100)
      expectEqual(h.line(2), "")
      expectEqual(h.line(3), " › Mar 1 09:03   Hanna Virtanen    Post number 3")
    }
  }

  @Test func aFailedFetchShowsWhyAndKeepsThePostsUntilTheNextGoodOne() {
    struct Offline: LocalizedError {
      var errorDescription: String? { "the server did not answer" }
    }
    Harness.run { h in
      Self.scriptTimeline(h)
      let pages = h.timeline.timelineResponse!
      // The fetch at 5 s fails; the one at 10 s brings post 4.
      h.timeline.timelineResponse = { cursor in
        h.clock.clock == 5_000 ? [.error(100, Offline())] : pages(cursor)
      }
      h.startLoggedIn()
      h.press(.character("t"))
      h.advance(to: 5_100)
      expectScreen(
        h,
        Self.timelineScreen(
          [
            "   ▶ Live: checks for new posts every 5 s  ·  3 posts",
            "                Could not load posts: the server did not answer",
          ] + Self.posts3))
      h.advance(to: 10_100)
      expectScreen(
        h,
        Self.timelineScreen(
          ["   ▶ Live: checks for new posts every 5 s  ·  4 posts", ""] + Self.posts4))
    }
  }

  @Test func peopleShowLoadingOnlyWhileFetchingAndOpenAPersonsTimeline() {
    Harness.run { h in
      Self.scriptTimeline(h)
      h.timeline.peopleResponse = {
        [.next(200, [Fixtures.hanna, Fixtures.jonah]), .completed(200)]
      }
      h.timeline.postsResponse = { person, cursor in
        let page = cursor.newestId == nil ? [Fixtures.post(2, by: person)] : []
        return [.next(300, page), .completed(300)]
      }
      h.startLoggedIn()
      h.press(.character("t"))
      h.advance(by: 100)
      h.press(.character("P"))
      let peopleHints = " ↑↓ move  Enter open  r refresh  Esc back  ? help  q quit"
      expectScreen(
        h,
        [" Home › Friends › Timeline › People                                         Ada"]
          + ["   ⠋ Loading…"] + Array(repeating: "", count: 21) + [peopleHints])
      h.advance(by: 200)
      expectScreen(
        h,
        [
          " Home › Friends › Timeline › People                                         Ada",
          "   2 people",
          "",
          " › Hanna Virtanen",
          "   Jonah Price",
        ] + Array(repeating: "", count: 18) + [peopleHints])
      h.press(.down)
      h.press(.enter)
      let personHints = " ↑↓ scroll  Enter read  p pause  Esc back  ? help  q quit"
      let title = " Home › Friends › Timeline › People › Jonah Price                           Ada"
      expectScreen(
        h,
        [title, "   None found                                                       ⠋ Fetching…"]
          + Array(repeating: "", count: 21) + [personHints])
      h.advance(by: 300)
      expectScreen(
        h,
        [title, "   Jonah Price", "", " › Mar 1 09:02   Post number 2"]
          + Array(repeating: "", count: 19) + [personHints])
      expectEqual(h.timeline.postsRequests.map(\.person), [Fixtures.jonah])
    }
  }

  @Test func movingPastAPersonsLastPostLoadsTheirOlderPosts() {
    Harness.run { h in
      Self.scriptTimeline(h)
      h.timeline.postsResponse = { person, cursor in
        let page = cursor.newestId == nil ? [4, 3].map { Fixtures.post($0, by: person) } : []
        return [.next(100, page), .completed(100)]
      }
      h.timeline.olderPostsResponse = { person, cursor in
        let page = [2, 1].filter { $0 < (cursor.oldestId ?? Int.max) }
        return [.next(100, page.map { Fixtures.post($0, by: person) }), .completed(100)]
      }
      h.timeline.peopleResponse = { [.next(100, [Fixtures.jonah]), .completed(100)] }
      h.startLoggedIn()
      h.press(.character("t"))
      h.advance(by: 100)
      h.press(.character("P"))
      h.advance(by: 100)
      h.press(.enter)
      h.advance(by: 100)
      let title = " Home › Friends › Timeline › People › Jonah Price                           Ada"
      let hints = " ↑↓ scroll  Enter read  p pause  Esc back  ? help  q quit"
      let screen = { (rows: [String]) in
        [title] + rows + Array(repeating: "", count: 22 - rows.count) + [hints]
      }
      let rows2 = [" › Mar 1 09:04   Post number 4", "   Mar 1 09:03   Post number 3"]
      expectScreen(h, screen(["   Jonah Price", ""] + rows2))
      h.press(.down)
      #expect(h.timeline.olderPostsRequests.isEmpty)
      // ↓ on the last post asks for the page before it.
      h.press(.down)
      expectEqual(h.line(2), "   Loading older posts…")
      expectEqual(
        h.timeline.olderPostsRequests.map(\.cursor), [TimelineCursor(newestId: 4, oldestId: 3)])
      h.advance(by: 100)
      let rows4 = [
        "   Mar 1 09:04   Post number 4", " › Mar 1 09:03   Post number 3",
        "   Mar 1 09:02   Post number 2", "   Mar 1 09:01   Post number 1",
      ]
      expectScreen(h, screen(["   Jonah Price", ""] + rows4))
      // End goes to the last post and asks again: nothing is older.
      h.press(.end)
      h.advance(by: 100)
      expectScreen(
        h,
        screen(
          ["   Jonah Price", "   No older posts."]
            + rows4.map { $0.replacingOccurrences(of: " › ", with: "   ") }.dropLast()
            + [" › Mar 1 09:01   Post number 1"]))
      expectEqual(h.timeline.olderPostsRequests.count, 2)
    }
  }
}

/// Paging back from a list of posts when the backend answers at once, as the embedded store
/// does: the older posts arrive while the request for them is being sent.
@MainActor @Suite struct OlderPostsTests {
  /// A screen's part that `OlderPosts` works on: its list, which new posts replace.
  final class Owner {
    var list = ListView(items: ["Post 4", "Post 3"], isFocused: true)
    var older = OlderPosts()
  }

  @Test func olderPostsThatArriveDuringTheRequestReachTheListAndTheSelectionStays() {
    let owner = Owner()
    var requests = 0
    let subscription = owner.older.requests.subscribe(onNext: {
      requests += 1
      // What the screen's `show` does when the page arrives at once.
      owner.list.items = ["Post 4", "Post 3", "Post 2", "Post 1"]
      owner.older.isLoading = false
    })
    defer { subscription.dispose() }
    #expect(owner.older.handle(.end, list: \.list, of: owner, visibleRows: 10))
    expectEqual(requests, 1)
    expectEqual(owner.list.items, ["Post 4", "Post 3", "Post 2", "Post 1"])
    expectEqual(owner.list.selectedIndex, 1)
    #expect(owner.older.handle(.character("G"), list: \.list, of: owner, visibleRows: 10))
    expectEqual(requests, 2)
    expectEqual(owner.list.selectedIndex, 3)
    #expect(!owner.older.handle(.character("x"), list: \.list, of: owner, visibleRows: 10))
    expectEqual(requests, 2)
  }
}
