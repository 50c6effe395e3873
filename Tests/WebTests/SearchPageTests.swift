import Models
import Navigator
import ReactiveTesting
import Testing

@testable import FriendsWeb

/// The search page in a browser tab: results as the user types, after the view model's
/// debounce, and a result that opens the friend where the app's links lead.
@MainActor @Suite struct SearchPageTests {
  @Test func resultsComeAsTheUserTypesAndAResultOpensTheFriend() {
    WebHarness.run { h in
      let ada = Friend(id: 1, firstName: "Ada", lastName: "Lovelace", phoneNumber: "555 0101")
      h.search.response = { query in [.next(50, query == "ad" ? [ada] : []), .completed(50)] }
      h.friends.recordResponse = { _ in [.next(100, ada), .completed(100)] }
      h.auth.status.accept(.authorized(WebHarness.ada))
      h.start()
      let tab = h.open("/search")
      expectEqual(tab.path, "/search")
      tab.send("query", "a")
      #expect(tab.html.contains("Type at least 2 characters to search."))
      tab.send("query", "ad")
      // The view model waits 300 ms after the last key, then searches.
      h.advance(by: 299)
      #expect(!tab.html.contains("Ada Lovelace"))
      h.advance(by: 1)
      #expect(tab.html.contains("Searching"))
      h.advance(by: 50)
      #expect(
        tab.html.contains(
          #"<a href="/friends/1" data-tap="choose" data-value="1">Ada Lovelace</a>"#))
      #expect(tab.html.contains("1 friend"))
      tab.send("choose", "1")
      expectEqual(tab.path, "/friends/1")
      expectEqual(
        h.app.tabs[tab.id]?.navigator.currentStack, [.home, .search, .friendDetail(id: 1)])
    }
  }
}
