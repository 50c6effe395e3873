import Models
import ReactiveTesting
import Services
import TerminalUI
import Testing

@testable import FriendsTUI

/// Search as you type: the view model's debounce decides when a request starts.
@MainActor @Suite struct SearchScreenTests {
  static func searchScreen(_ rows: [String]) -> [String] {
    [" Home › Friends › Search                                                    Ada", ""]
      + rows + Array(repeating: "", count: 21 - rows.count)
      + [" ↑↓ choose  Enter open  Esc back  F1 help  Ctrl-C quit"]
  }

  @Test func nothingIsSearchedBeforeThreeHundredMillisecondsOfQuiet() {
    Harness.run { h in
      h.friends.recordsResponse = { _ in
        [.next(10, [Fixtures.ada, Fixtures.grace]), .completed(10)]
      }
      h.search.response = { _ in [.next(100, [Fixtures.grace]), .completed(100)] }
      h.startLoggedIn()
      h.advance(to: 1_000)
      h.press(.character("/"))
      expectScreen(
        h,
        Self.searchScreen([
          "   Search  part of a name", "", "   Type at least 2 characters to search.",
        ]))
      h.type("g")
      h.advance(to: 1_100)
      h.type("r")
      h.advance(to: 1_399)
      #expect(h.search.allRequests.isEmpty)
      expectScreen(h, Self.searchScreen(["   Search  gr", "", "   ⠋ Searching…"]))
      h.advance(to: 1_400)
      expectEqual(h.search.allRequests.map(\.query), ["gr"])
      expectScreen(h, Self.searchScreen(["   Search  gr", "", "   ⠋ Searching…"]))
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
      h.friends.recordsResponse = { _ in
        [.next(10, [Fixtures.ada, Fixtures.grace]), .completed(10)]
      }
      h.friends.recordResponse = { _ in [.next(10, Fixtures.ada), .completed(10)] }
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
      expectEqual(h.search.allRequests.map(\.query), ["gr", "ad"])
      expectEqual(h.search.allRequests[0].request.subscriptions, [Subscription(300, 700)])
      expectEqual(h.search.allRequests[1].request.subscriptions, [Subscription(700, 1_200)])
      expectEqual(h.line(5), " › Ada Lovelace                  555 0101")
      h.press(.enter)
      h.advance(by: 10)
      expectScreen(
        h,
        [
          " Home › Friends › Search › Friend                                           Ada",
          "",
          "   Name        Ada Lovelace",
          "   Phone       555 0101",
        ] + Array(repeating: "", count: 19) + [" e edit  d delete  Esc back  ? help  q quit"])
    }
  }

  @Test func theSelectionStaysOnItsFriendWhenAnotherArrivesAboveIt() {
    let adam = Friend(id: 9, firstName: "Adam", lastName: "Adler", phoneNumber: "555 0109")
    Harness.run { h in
      var found = [Fixtures.ada, Fixtures.grace]
      h.friends.recordsResponse = { _ in [.next(10, found), .completed(10)] }
      h.friends.recordResponse = { _ in [.next(10, Fixtures.grace), .completed(10)] }
      h.search.response = { _ in [.next(10, found), .completed(10)] }
      h.startLoggedIn()
      h.press(.character("/"))
      h.type("ad")
      h.advance(by: 400)
      h.press(.down)
      expectEqual(h.line(6), " › Grace Hopper                  +1 555 0102")
      // Another program adds Adam, who sorts first: the highlight stays on Grace.
      found = [adam, Fixtures.ada, Fixtures.grace]
      h.friends.changes.accept(())
      h.advance(by: 20)
      expectEqual(h.line(5), "   Adam Adler                    555 0109")
      expectEqual(h.line(7), " › Grace Hopper                  +1 555 0102")
      h.press(.enter)
      h.advance(by: 10)
      expectEqual(h.line(2), "   Name        Grace Hopper")
    }
  }

  @Test func aDoubleClickOnAResultOpensItAndTwoSlowClicksOnlySelectIt() {
    Harness.run { h in
      h.friends.recordsResponse = { _ in
        [.next(10, [Fixtures.ada, Fixtures.grace]), .completed(10)]
      }
      h.friends.recordResponse = { _ in [.next(10, Fixtures.grace), .completed(10)] }
      h.search.response = { _ in [.next(10, [Fixtures.ada, Fixtures.grace]), .completed(10)] }
      h.startLoggedIn()
      h.press(.character("/"))
      h.type("ad")
      h.advance(by: 400)
      let click = Key.mouse(MouseEvent(.press(.left), x: 10, y: 6))
      h.press(click)
      expectEqual(h.line(6), " › Grace Hopper                  +1 555 0102")
      h.advance(by: 401)
      h.press(click)
      h.advance(by: 10)
      #expect(h.line(0).hasPrefix(" Home › Friends › Search "))
      h.advance(by: 200)
      h.press(click)
      h.advance(by: 10)
      #expect(h.line(0).hasPrefix(" Home › Friends › Search › Friend "))
      expectEqual(h.line(2), "   Name        Grace Hopper")
    }
  }

  @Test func belowEightyColumnsTheResultsCutNamesBeforePhoneNumbers() {
    let samuel = Friend(
      id: 4, firstName: "Samuel", lastName: "Adeyemi-Okonkwo", phoneNumber: "+234 803 555 0917")
    Harness.run(width: 40, height: 10) { h in
      h.friends.recordsResponse = { _ in [.next(10, [samuel]), .completed(10)] }
      h.search.response = { _ in [.next(10, [samuel]), .completed(10)] }
      h.startLoggedIn()
      h.advance(by: 10)
      h.press(.character("/"))
      h.type("sam")
      h.advance(by: 400)
      expectEqual(h.line(5), " › Samuel Adeyemi-O…  +234 803 555 0917")
    }
  }

  @Test func aFailedSearchIsRetriedThenReported() {
    Harness.run { h in
      h.friends.recordsResponse = { _ in [.next(10, []), .completed(10)] }
      h.search.response = { _ in [.error(50, ServiceError.timedOut)] }
      h.startLoggedIn()
      h.press(.character("/"))
      h.type("zz")
      // 300 ms debounce, then tries at 300, 550 (after 200 ms) and 1,000 (after 400 ms).
      h.advance(to: 1_049)
      expectEqual(h.line(4), "   ⠧ Searching…")
      h.advance(to: 1_050)
      expectEqual(h.line(4), "   Search for zz failed")
      expectEqual(h.search.allRequests.count, 1)
      expectEqual(
        h.search.allRequests[0].request.subscriptions.map(\.subscribe), [300, 550, 1_000])
    }
  }

  @Test func whileASearchRunsTheScreenSaysSearchingNotNoFriendMatches() {
    Harness.run { h in
      h.friends.recordsResponse = { _ in [.next(10, []), .completed(10)] }
      h.search.response = { _ in [.next(200, []), .completed(200)] }
      h.startLoggedIn()
      h.press(.character("/"))
      h.type("zz")
      h.advance(to: 500)
      expectScreen(h, Self.searchScreen(["   Search  zz", "", "   No friend matches."]))
      h.type("a")
      expectScreen(h, Self.searchScreen(["   Search  zza", "", "   ⠹ Searching…"]))
      h.advance(to: 800)
      expectEqual(h.search.allRequests.map(\.query), ["zz", "zza"])
      expectScreen(h, Self.searchScreen(["   Search  zza", "", "   ⠋ Searching…"]))
      h.advance(to: 1_000)
      expectScreen(h, Self.searchScreen(["   Search  zza", "", "   No friend matches."]))
    }
  }

  @Test func resultsFollowAFriendRenamedOrDeletedElsewhere() {
    Harness.run { h in
      let renamed = Friend(id: 1, firstName: "Ada", lastName: "King", phoneNumber: "555 0101")
      h.friends.recordsResponse = { _ in [.next(10, [Fixtures.ada]), .completed(10)] }
      h.search.response = { _ in [.next(100, [Fixtures.ada]), .completed(100)] }
      h.startLoggedIn()
      h.press(.character("/"))
      h.type("ad")
      h.advance(to: 400)
      expectEqual(h.line(5), " › Ada Lovelace                  555 0101")
      h.search.response = { _ in [.next(100, [renamed]), .completed(100)] }
      h.friends.changes.accept(())
      h.advance(by: 100)
      expectScreen(
        h,
        Self.searchScreen([
          "   Search  ad", "", "   1 friend", " › Ada King                      555 0101",
        ]))
      h.search.response = { _ in [.next(100, []), .completed(100)] }
      h.friends.changes.accept(())
      h.advance(by: 100)
      expectScreen(h, Self.searchScreen(["   Search  ad", "", "   No friend matches."]))
      expectEqual(h.search.allRequests.map(\.query), ["ad", "ad", "ad"])
    }
  }

  @Test func openingAFriendThatNoLongerExistsSaysSoAndGoesBack() {
    Harness.run { h in
      h.friends.recordsResponse = { _ in [.next(10, [Fixtures.ada]), .completed(10)] }
      h.friends.recordResponse = { id in [.error(10, ServiceError.notFound(id: id))] }
      h.search.response = { _ in [.next(100, [Fixtures.ada]), .completed(100)] }
      h.startLoggedIn()
      h.press(.character("/"))
      h.type("ad")
      h.advance(to: 400)
      h.press(.enter)
      h.advance(by: 10)
      expectScreen(
        h,
        [
          " Home › Friends › Search                                                    Ada",
          "",
          "   Search  ad",
          "",
          "   1 friend",
          " › Ada Lovelace                  555 0101",
        ] + Array(repeating: "", count: 17) + [" This friend no longer exists."])
    }
  }
}
