import Navigator
import ReactiveTesting
import Testing
import ViewModels

@testable import FriendsTUI

/// The demo's features on the home, as `Feature.all` registers them.
@MainActor @Suite struct HomeDemoScreenTests {
  /// The demo's rows, first on the home (features added later come after them, and a longer
  /// title widens the column).
  static let rows = [
    #"^ › f  Friends +list, add, edit and delete$"#, #"^   s  Search +find friends as you type$"#,
    #"^   t  Timeline +everyone's posts, live$"#,
  ]

  @Test func theHomeListsTheDemosFeaturesAndTheirKeysOpenThem() {
    Harness.run { h in
      h.friends.recordsResponse = { _ in [.next(10, []), .completed(10)] }
      TimelineScreenTests.scriptTimeline(h)
      h.auth.status.accept(.authorized(Harness.ada))
      h.start()
      #expect(h.line(0).hasPrefix(" Home "))
      expectEqual(h.line(2), "   Logged in as Ada.")
      for (offset, row) in Self.rows.enumerated() {
        let line = h.line(4 + offset).replacing(#/ +$/#, with: "")
        #expect(line.contains(try! Regex(row)), "row \(4 + offset): \(line)")
      }
      h.press(.character("s"))
      expectEqual(h.app.navigator.currentStack, [.home, .search])
      h.press(.escape)
      h.press(.character("t"))
      expectEqual(h.app.navigator.currentStack, [.home, .timeline])
      h.press(.escape)
      h.press(.character("f"))
      expectEqual(h.app.navigator.currentStack, [.home, .friends])
      #expect(h.line(0).hasPrefix(" Home › Friends "))
    }
  }
}
