import Navigator
import ReactiveTesting
import Testing
import ViewModels

@testable import FriendsTUI

/// The home: the features it is given, with their keys, on an 80x24 terminal.
@MainActor @Suite struct HomeScreenTests {
  static let hints = " ↑↓ move  Enter open  L log out  ? help  q quit"

  /// The whole home, with `rows` under the title bar.
  static func homeScreen(_ rows: [String], status: String = hints) -> [String] {
    [" Home                                                                       Ada"] + rows
      + Array(repeating: "", count: 22 - rows.count) + [status]
  }

  /// Two features of the test's own, over scenes that every app made from the template has.
  static let features = [
    Feature(entry: HomeEntry(scene: .forgotPassword, key: "p", summary: "a reset link")) {
      _, _ in nil
    },
    Feature(entry: HomeEntry(scene: .login, key: "o", summary: "another account")) { _, _ in nil },
  ]
  static let rows = [
    "   2 features", "   Logged in as Ada.", "",
    " › p  Forgot password  a reset link",
    "   o  Log in           another account",
  ]

  @Test func itListsTheFeaturesWithTheirKeysAndOpensThemByKeyOrByRow() {
    Harness.run { h in
      h.auth.status.accept(.authorized(Harness.ada))
      h.start(features: Self.features)
      expectEqual(h.app.navigator.currentStack, [.home])
      expectScreen(h, Self.homeScreen(Self.rows))

      // A feature's key opens it on top of the home; Esc comes back.
      h.press(.character("o"))
      expectEqual(h.app.navigator.currentStack, [.home, .login])
      h.press(.escape, times: 2)  // leaves the field, then goes back
      expectEqual(h.app.navigator.currentStack, [.home])

      // The arrows (or j and k) choose a row, Enter opens it.
      h.press(.down)
      expectEqual(h.line(4), "   p  Forgot password  a reset link")
      expectEqual(h.line(5), " › o  Log in           another account")
      h.press(.character("k"))
      h.press(.character("j"))
      h.press(.character("k"))
      h.press(.enter)
      expectEqual(h.app.navigator.currentStack, [.home, .forgotPassword])
    }
  }

  @Test func lettersThatOpenNothingAreLeftToTheGlobalKeys() {
    Harness.run { h in
      h.auth.status.accept(.authorized(Harness.ada))
      h.start(features: Self.features)
      h.press(.character("x"))
      expectEqual(h.app.navigator.currentStack, [.home])
      expectScreen(h, Self.homeScreen(Self.rows))
      // `?` lists each feature's key in the help.
      h.press(.character("?"))
      for (key, title) in [("p", "Forgot password"), ("o", "Log in")] {
        #expect(h.lines.contains { $0.contains(try! Regex("│ +\(key) +open \(title) ")) })
      }
      h.press(.character("x"))
      h.press(.character("q"))
      expectEqual(h.quitCount, 1)
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
      expectEqual(h.app.navigator.currentStack, [.home])
    }
  }
}
