import Navigator
import Testing
import ViewModels

@testable import FriendsTUI

/// The home: the registered features with their keys, on an 80x24 terminal.
@MainActor @Suite struct HomeScreenTests {
  static let hints = " ↑↓ move  Enter open  L log out  ? help  q quit"

  /// The whole home, with `rows` under the title bar.
  static func homeScreen(_ rows: [String], status: String = hints) -> [String] {
    [" Home                                                                       Ada"] + rows
      + Array(repeating: "", count: 22 - rows.count) + [status]
  }

  static let features = [
    "   3 features", "   Logged in as Ada.", "",
    " › f  Friends   list, add, edit and delete",
    "   s  Search    find friends as you type",
    "   t  Timeline  everyone's posts, live",
  ]

  @Test func itListsEveryFeatureWithItsKeyAndOpensThemByKeyOrByRow() {
    Harness.run { h in
      h.friends.friendsResponse = { _ in [.next(10, []), .completed(10)] }
      h.auth.status.accept(.authorized(Harness.ada))
      h.start()
      #expect(h.app.navigator.currentStack == [.home])
      expectScreen(h, Self.homeScreen(Self.features))

      // A feature's key opens it on top of the home; Esc comes back.
      h.press(.character("s"))
      #expect(h.app.navigator.currentStack == [.home, .search])
      h.press(.escape)
      #expect(h.app.navigator.currentStack == [.home])

      // The arrows (or j and k) choose a row, Enter opens it.
      h.press(.down)
      h.press(.character("j"))
      #expect(h.line(6) == " › t  Timeline  everyone's posts, live")
      h.press(.character("k"))
      h.press(.enter)
      #expect(h.app.navigator.currentStack == [.home, .search])
      h.press(.escape)
      h.press(.character("f"))
      #expect(h.app.navigator.currentStack == [.home, .friends])
    }
  }

  @Test func lettersThatOpenNothingAreLeftToTheGlobalKeys() {
    Harness.run { h in
      h.auth.status.accept(.authorized(Harness.ada))
      h.start()
      h.press(.character("x"))
      #expect(h.app.navigator.currentStack == [.home])
      expectScreen(h, Self.homeScreen(Self.features))
      // `?` lists each feature's key in the help.
      h.press(.character("?"))
      for (key, title) in [("f", "Friends"), ("s", "Search"), ("t", "Timeline")] {
        #expect(h.lines.contains { $0.contains(try! Regex("│ +\(key) +open \(title) ")) })
      }
      h.press(.character("x"))
      h.press(.character("q"))
      #expect(h.quitCount == 1)
    }
  }

  @Test func withoutFeaturesItSaysSo() {
    Harness.run { h in
      h.auth.status.accept(.authorized(Harness.ada))
      h.start(features: [])
      expectScreen(
        h,
        Self.homeScreen(
          ["   No features yet.", "   Logged in as Ada."], status: " L log out  ? help  q quit"))
      h.press(.enter)
      #expect(h.app.navigator.currentStack == [.home])
    }
  }
}
