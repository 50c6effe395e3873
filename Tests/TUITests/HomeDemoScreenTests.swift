import Navigator
import Testing
import ViewModels

@testable import FriendsTUI

/// The demo's features on the home, as `Feature.all` registers them.
@MainActor @Suite struct HomeDemoScreenTests {
  static let features = [
    "   3 features", "   Logged in as Ada.", "",
    " › f  Friends   list, add, edit and delete",
    "   s  Search    find friends as you type",
    "   t  Timeline  everyone's posts, live",
  ]

  @Test func theHomeListsTheDemosFeaturesAndTheirKeysOpenThem() {
    Harness.run { h in
      h.friends.friendsResponse = { _ in [.next(10, []), .completed(10)] }
      TimelineScreenTests.scriptTimeline(h)
      h.auth.status.accept(.authorized(Harness.ada))
      h.start()
      expectScreen(h, HomeScreenTests.homeScreen(Self.features))
      h.press(.character("s"))
      #expect(h.app.navigator.currentStack == [.home, .search])
      h.press(.escape)
      h.press(.character("t"))
      #expect(h.app.navigator.currentStack == [.home, .timeline])
      h.press(.escape)
      h.press(.character("f"))
      #expect(h.app.navigator.currentStack == [.home, .friends])
      #expect(h.line(0).hasPrefix(" Home › Friends "))
    }
  }
}
