import Models
import ReactiveTesting
import Services
import Testing

@testable import FriendsTUI

/// Search as you type: the view model's debounce decides when a request starts.
@MainActor @Suite struct SearchScreenTests {
  static func searchScreen(_ rows: [String]) -> [String] {
    [" Friends › Search                                                           Ada", ""]
      + rows + Array(repeating: "", count: 21 - rows.count)
      + [" ↑↓ choose  Enter open  Esc back  F1 help  Ctrl-C quit"]
  }

  @Test func nothingIsSearchedBeforeThreeHundredMillisecondsOfQuiet() {
    Harness.run { h in
      h.friends.friendsResponse = { _ in
        [.next(10, [Fixtures.ada, Fixtures.grace]), .completed(10)]
      }
      h.search.response = { _ in [.next(100, [Fixtures.grace]), .completed(100)] }
      h.startLoggedIn()
      h.advance(to: 1_000)
      h.press(.character("/"))
      expectScreen(
        h, Self.searchScreen(["   Search  part of a name", "", "   Type at least 2 characters."]))
      h.type("g")
      h.advance(to: 1_100)
      h.type("r")
      h.advance(to: 1_399)
      #expect(h.search.allRequests.isEmpty)
      expectScreen(h, Self.searchScreen(["   Search  gr"]))
      h.advance(to: 1_400)
      #expect(h.search.allRequests.map(\.query) == ["gr"])
      expectScreen(
        h,
        Self.searchScreen([
          "   Search  gr                                        ⠋ Searching…"
        ]))
      h.advance(to: 1_500)
      expectScreen(
        h,
        Self.searchScreen([
          "   Search  gr",
          "",
          "   1 friend",
          " › Grace Hopper                  +1 555 0102",
        ]))
    }
  }

  @Test func aNewerQueryCancelsTheRunningSearchAndEnterOpensTheFriend() {
    Harness.run { h in
      h.friends.friendsResponse = { _ in
        [.next(10, [Fixtures.ada, Fixtures.grace]), .completed(10)]
      }
      h.friends.friendResponse = { _ in [.next(10, Fixtures.ada), .completed(10)] }
      h.search.response = { query in
        [.next(500, query == "ad" ? [Fixtures.ada] : [Fixtures.grace]), .completed(500)]
      }
      h.startLoggedIn()
      h.press(.character("/"))
      h.type("gr")
      h.advance(by: 400)
      h.press(.backspace, times: 2)
      h.type("ad")
      // "gr" was sent at 300 and still runs when "ad" is sent at 700: it is cancelled.
      h.advance(to: 1_200)
      #expect(h.search.allRequests.map(\.query) == ["gr", "ad"])
      #expect(h.search.allRequests[0].request.subscriptions == [Subscription(300, 700)])
      #expect(h.search.allRequests[1].request.subscriptions == [Subscription(700, 1_200)])
      #expect(h.line(5) == " › Ada Lovelace                  555 0101")
      h.press(.enter)
      h.advance(by: 10)
      expectScreen(
        h,
        [
          " Friends › Search › Friend                                                  Ada",
          "",
          "   Name        Ada Lovelace",
          "   Phone       555 0101",
        ] + Array(repeating: "", count: 19) + [" e edit  d delete  Esc back  ? help  q quit"])
    }
  }

  @Test func aFailedSearchIsRetriedThenReported() {
    Harness.run { h in
      h.friends.friendsResponse = { _ in [.next(10, []), .completed(10)] }
      h.search.response = { _ in [.error(50, ServiceError.timedOut)] }
      h.startLoggedIn()
      h.press(.character("/"))
      h.type("zz")
      // 300 ms debounce, then tries at 300, 550 (after 200 ms) and 1,000 (after 400 ms).
      h.advance(to: 1_049)
      #expect(h.line(4) == "")
      h.advance(to: 1_050)
      #expect(h.line(4) == "   Search for zz failed")
      #expect(h.search.allRequests.count == 1)
      #expect(h.search.allRequests[0].request.subscriptions.map(\.subscribe) == [300, 550, 1_000])
    }
  }
}
