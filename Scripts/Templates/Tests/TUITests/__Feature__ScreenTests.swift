import Navigator
import Testing
import ViewModels

@testable import __TUIModule__

/// The __phrase__ screen, opened with its key from the home, on an 80x24 terminal.
@MainActor @Suite struct __Feature__ScreenTests {
  /// The whole screen: the title bar, `rows` under it, and the status bar.
  static func screen(_ rows: [String], status: String) -> [String] {
    let path = " \(Scene.home.title) › \(Scene.__feature__.title)"
    let title = path + String(repeating: " ", count: 80 - path.count - 4) + "Ada"
    return [title] + rows + Array(repeating: "", count: 22 - rows.count) + [status]
  }

  @Test func theHomesKeyOpensItEnterAddsAndEscGoesBack() {
    Harness.run { h in
      h.auth.status.accept(.authorized(Harness.ada))
      h.start()
      // The home lists it with its key.
      #expect(h.lines.contains { $0.contains("__key__  __Title__") })
      h.press(.character("__key__"))
      #expect(h.app.navigator.currentStack == [.home, .__feature__])

      // Enter on the empty field adds nothing and says why.
      h.press(.enter)
      expectScreen(
        h,
        Self.screen(
          [
            "", "   No entries yet.", "", "   Entry   type, then Enter",
            "           \(__Feature__ViewModel.validate("").message!)",
          ],
          status: " Esc leave field  F1 help  Ctrl-C quit"))

      h.type("milk")
      h.advance(by: 300)
      #expect(h.line(23) == " Enter add  Esc leave field  F1 help  Ctrl-C quit")
      h.press(.enter)
      expectScreen(
        h,
        Self.screen(
          [
            "", "   1 entry", "", "   Entry   type, then Enter", "           Added milk.", "",
            "   1. milk",
          ],
          status: " Esc leave field  F1 help  Ctrl-C quit"))

      // Esc leaves the field, where letters are commands again; a second Esc is "Done".
      h.press(.escape)
      #expect(h.app.navigator.currentStack == [.home, .__feature__])
      #expect(h.line(23) == " Tab edit  Esc done  ? help  q quit")
      h.press(.tab)
      h.type("eggs")
      h.press(.enter)
      #expect(h.line(8) == "   2. eggs")
      h.press(.escape, times: 2)
      #expect(h.app.navigator.currentStack == [.home])
      // The home's help names the key.
      h.press(.character("?"))
      #expect(h.lines.contains { $0.contains(try! Regex("│ +__key__ +open __Title__ ")) })
    }
  }
}
