import Models
import Navigator
import ReactiveCore
import ReactiveTesting
import TerminalUI
import Testing

@testable import FriendsTUI

/// What every screen shares: navigation and back, the help overlay, resizing, quitting,
/// ignored keys, drawing only what changed, and NO_COLOR.
@MainActor @Suite struct ApplicationTests {
  static func scriptLists(_ h: Harness) {
    h.friends.recordsResponse = { _ in [.next(10, [Fixtures.ada, Fixtures.grace]), .completed(10)] }
    h.timeline.timelineResponse = { _ in [.next(10, []), .completed(10)] }
    h.timeline.peopleResponse = { [.next(10, []), .completed(10)] }
  }

  @Test func escGoesBackAlongTheStackAndTheFirstScreenSaysSo() {
    Harness.run { h in
      Self.scriptLists(h)
      h.startLoggedIn()
      h.advance(by: 10)
      h.press(.character("t"))
      h.press(.character("P"))
      h.advance(by: 10)
      #expect(h.line(0).hasPrefix(" Home › Friends › Timeline › People "))
      // No one is listed, so there is no one to open: the navigator refuses.
      h.press(.enter)
      expectEqual(h.app.navigator.currentStack, [.home, .friends, .timeline, .people])
      expectEqual(h.line(23), " Choose a person first.")
      h.press(.escape)
      #expect(h.line(0).hasPrefix(" Home › Friends › Timeline "))
      h.press(.escape)
      #expect(h.line(0).hasPrefix(" Home › Friends "))
      expectEqual(h.line(4), " › Ada Lovelace                  555 0101")
      h.press(.escape)
      expectEqual(h.app.navigator.currentStack, [.home])
      #expect(h.line(0).hasPrefix(" Home "))
      h.press(.escape)
      expectEqual(h.line(23), " This is the first screen.")
      h.press(.down)
      expectEqual(h.line(23), HomeScreenTests.hints)
    }
  }

  @Test func questionMarkShowsTheKeysAndTheNextKeyOnlyClosesThem() {
    Harness.run { h in
      Self.scriptLists(h)
      h.startLoggedIn()
      h.advance(by: 10)
      h.press(.character("t"))
      h.advance(by: 10)
      h.press(.character("?"))
      expectScreen(
        h,
        [
          " Home › Friends › Timeline                                                  Ada",
          "   ▶ Live: checks for new posts every 5 s  ·  0 posts",
          "                 ┌─ Keys ────────────────────────────────────┐",
          "   No posts yet. │ Timeline                                  │",
          "                 │   Enter  read the selected post whole     │",
          "                 │   p      pause or resume the refresh      │",
          "                 │   P      people who post                  │",
          "                 │   End    fetch older posts                │",
          "                 │                                           │",
          "                 │ Everywhere                                │",
          "                 │   ↑ ↓    move                             │",
          "                 │   PgUp   a page up (PgDn: down)           │",
          "                 │   Home   the first row (End: the last)    │",
          "                 │   Click  choose (twice: open)             │",
          "                 │   Wheel  scroll                           │",
          "                 │   Tab    next field (Shift-Tab: previous) │",
          "                 │   Enter  open, press, save                │",
          "                 │   Esc    back (in a field: leave it)      │",
          "                 │   ? F1   this help (in a field: F1)       │",
          "                 │   q      quit (in a field: Ctrl-C)        │",
          "                 └───────────────────────────────────────────┘",
          "",
          "",
          " ↑↓ scroll  any key close help",
        ])
      // "p" only closes the help: the refresh is not paused.
      h.press(.character("p"))
      expectScreen(
        h,
        TimelineScreenTests.timelineScreen([
          "   ▶ Live: checks for new posts every 5 s  ·  0 posts", "", "   No posts yet.",
        ]))

      // The list's own keys (screens added later list their shortcut keys after these).
      h.press(.escape)
      h.press(.character("?"))
      let keys = [
        "│ Friends ", "│   Enter  open the selected friend ",
        "│   e      edit the selected friend ",
        "│   a      add a friend ",
        "│   d      delete the selected friend ", "│   r      refresh ", "│   /      search ",
        "│   t      timeline ", "│   L      log out ",
      ]
      let rows = h.lines.compactMap { line in keys.first { line.contains($0) } }
      expectEqual(rows, keys)
    }
  }

  @Test func f1ShowsTheHelpInATextFieldWhereQuestionMarkIsText() {
    Harness.run { h in
      h.start()
      expectEqual(h.line(23), " Tab next  Enter next  Esc leave field  F1 help  Ctrl-C quit")
      h.type("?")
      #expect(!h.app.isHelpVisible)
      h.press(.function(1))
      #expect(h.app.isHelpVisible)
      #expect(h.lines.contains { $0.contains("│ Everywhere") })
      h.press(.character("x"))
      #expect(!h.app.isHelpVisible)
      // The keys went to the help, not the field: it holds only the "?".
      #expect(h.lines.contains { $0.contains("Email     ?") })
    }
  }

  @Test func theHelpScrollsWhenItDoesNotFit() {
    Harness.run(width: 40, height: 10) { h in
      Self.scriptLists(h)
      h.startLoggedIn()
      h.advance(by: 10)
      h.press(.function(1))
      expectScreen(
        h,
        [
          " Home › Friends                     Ada",
          "┌─ Keys ───────────────────────────────┐",
          "│ Friends                              │",
          "│   Enter  open the selected friend    │",
          "│   e      edit the selected friend    │",
          "│   a      add a friend                │",
          "│   d      delete the selected friend  │",
          "│   r      refresh                     │",
          "└───────────────────────────── ↓ more ─┘",
          " ↑↓ scroll  any key close help",
        ])
      h.press(.down, times: 30)
      expectScreen(
        h,
        [
          " Home › Friends                     Ada",
          "┌─ Keys ────────────────────── ↑ more ─┐",
          "│   Wheel  scroll                      │",
          "│   Tab    next field (Shift-Tab: pre… │",
          "│   Enter  open, press, save           │",
          "│   Esc    back (in a field: leave it) │",
          "│   ? F1   this help (in a field: F1)  │",
          "│   q      quit (in a field: Ctrl-C)   │",
          "└──────────────────────────────────────┘",
          " ↑↓ scroll  any key close help",
        ])
      h.press(.character("k"))
      expectEqual(h.line(2), "│   Click  choose (twice: open)        │")
      h.press(.escape)
      #expect(!h.app.isHelpVisible)
    }
  }

  @Test func theTooSmallScreenSwallowsEveryKeyButQuitting() {
    Harness.run { h in
      Self.scriptLists(h)
      h.startLoggedIn()
      h.advance(by: 10)
      h.press(.character("a"))
      h.type("Zoe")
      h.terminal.resize(to: TerminalSize(width: 30, height: 8))
      h.settle()
      h.press(.escape)
      h.press(.character("d"))
      h.press(.function(1))
      expectScreen(h, ["", "", "", "", " Too small (30x8): need 40x10", "", "", ""])
      h.terminal.resize(to: TerminalSize(width: 80, height: 24))
      h.settle()
      expectEqual(h.app.navigator.currentStack, [.home, .friends, .addFriend])
      expectEqual(h.line(2), "   First name  Zoe")
      #expect(!h.app.isHelpVisible)
      h.terminal.resize(to: TerminalSize(width: 30, height: 8))
      h.settle()
      h.press(.character("q"))
      expectEqual(h.quitCount, 1)
    }
  }

  @Test func aResizeReflowsTheScreen() {
    Harness.run { h in
      h.start()
      h.type("ada@example.com")
      h.terminal.resize(to: TerminalSize(width: 100, height: 30))
      h.settle()
      func row(_ text: String) -> String {
        "                    │  " + text + String(repeating: " ", count: 56 - text.count) + "│"
      }
      expectScreen(
        h,
        [
          " Log in                                                                               not logged in",
          "", "", "", "", "", "", "", "", "",
          "                    ┌─ Log in ─────────────────────────────────────────────────┐",
          row(""),
          row("Email     ada@example.com"),
          row("Password  at least 8 characters"),
          row(""),
          row("          ( Log in )   [ Forgot password? ]"),
          row(""),
          row("Enter a password."),
          row(""),
          "                    └──────────────────────────────────────────────────────────┘",
          "", "", "", "", "", "", "", "", "",
          " Tab next  Enter next  Esc leave field  F1 help  Ctrl-C quit",
        ])
      h.terminal.resize(to: TerminalSize(width: 30, height: 8))
      h.settle()
      expectEqual(h.line(4), " Too small (30x8): need 40x10")
    }
  }

  @Test func unknownKeysAndUnboundLettersChangeNothing() {
    Harness.run { h in
      Self.scriptLists(h)
      h.startLoggedIn()
      h.advance(by: 10)
      let before = h.lines
      h.terminal.resetOutput()
      h.press(.unknown(Array("\u{1B}[99~".utf8)))
      h.press(.character("z"))
      h.press(.control("g"))
      h.press(.character("é"))
      expectEqual(h.terminal.bytesWritten, 0)
      expectEqual(h.lines, before)
      expectEqual(h.app.navigator.currentStack, [.home, .friends])
      expectEqual(h.quitCount, 0)
    }
  }

  @Test func aKeystrokeInATextFieldRewritesOnlyTheCellsThatChanged() {
    Harness.run { h in
      Self.scriptLists(h)
      h.startLoggedIn()
      h.advance(by: 10)
      h.press(.character("a"))
      h.type("Ala")
      h.terminal.resetOutput()
      h.type("n")
      // The new letter and the cursor cell after it: no full redraw.
      expectEqual(h.line(2), "   First name  Alan")
      #expect(h.terminal.bytesWritten < 40)
      let output = String(decoding: h.terminal.output, as: UTF8.self)
      #expect(output.contains("n"))
      #expect(!output.contains("First name"))
    }
  }

  @Test func qQuitsAndGivesTheTerminalBack() {
    Harness.run { h in
      Self.scriptLists(h)
      h.terminal.write("$ friends-tui")
      h.startLoggedIn()
      h.advance(by: 10)
      #expect(h.terminal.screen.isAlternateScreen && !h.terminal.screen.isCursorVisible)
      h.press(.character("q"))
      expectEqual(h.quitCount, 1)
      #expect(h.app.hasQuit)
      #expect(!h.terminal.screen.isAlternateScreen && h.terminal.screen.isCursorVisible)
      #expect(h.terminal.screen.isAutowrapEnabled && !h.terminal.screen.isBracketedPasteEnabled)
      expectEqual(h.line(0), "$ friends-tui")
      // Nothing is drawn once the app has quit, even when timers fire.
      h.terminal.resetOutput()
      h.advance(by: 10_000)
      expectEqual(h.terminal.bytesWritten, 0)
    }
  }

  @Test func ctrlCQuitsFromADialog() {
    Harness.run { h in
      Self.scriptLists(h)
      h.startLoggedIn()
      h.advance(by: 10)
      h.press(.character("d"))
      #expect(h.line(13).contains("[ Delete ]"))
      h.press(.control("c"))
      expectEqual(h.quitCount, 1)
      #expect(!h.terminal.isFullScreen)
    }
  }

  @Test func withoutColourEveryStateStillShows() {
    Harness.run { h in
      Self.scriptLists(h)
      h.auth.status.accept(.authorized(Harness.ada))
      h.start(colorMode: .noColor)
      h.advance(by: 10)
      var colours: [Color] = []
      for y in 0..<24 {
        for x in 0..<80 {
          let style = h.terminal.cell(x: x, y: y).style
          colours += [style.foreground, style.background].compactMap { $0 }
        }
      }
      #expect(colours.isEmpty)
      // The title bar, the selected row and the status bar are reversed.
      #expect(h.terminal.cell(x: 40, y: 0).style.isReversed)
      #expect(h.terminal.cell(x: 40, y: 4).style.isReversed)
      #expect(!h.terminal.cell(x: 40, y: 5).style.isReversed)
      #expect(h.terminal.cell(x: 40, y: 23).style.isReversed)
      h.press(.down)
      #expect(!h.terminal.cell(x: 40, y: 4).style.isReversed)
      #expect(h.terminal.cell(x: 40, y: 5).style.isReversed)
    }
  }

  @Test func closedScreensGoAwayAndQuittingEndsEverySubscription() {
    let counter = ResourceCounter()
    weak var form: Screen?
    weak var timeline: Screen?
    counter.measure {
      Harness.run { h in
        Self.scriptLists(h)
        h.startLoggedIn()
        h.advance(by: 10)
        h.press(.character("a"))
        form = h.app.topScreen
        h.press(.escape, times: 2)
        h.press(.character("t"))
        timeline = h.app.topScreen
        h.advance(by: 10)
        h.press(.character("P"))
        h.advance(by: 10)
        h.press(.escape, times: 2)
        #expect(form == nil && timeline == nil)
        expectEqual(h.app.screens.count, 2)  // the home and the friends list
        #expect(counter.live > 0)
        h.press(.character("q"))
        // Everything the app subscribed ended with it, while the app itself is still alive.
        expectEqual(counter.live, 0)
      }
    }
  }
}
