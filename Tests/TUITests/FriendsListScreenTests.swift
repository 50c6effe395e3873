import Models
import Navigator
import ReactiveTesting
import Services
import TerminalUI
import Testing

@testable import FriendsTUI

/// The friends list: its rows, the empty and error states, deleting, refreshing, and changes
/// made elsewhere.
@MainActor @Suite struct FriendsListScreenTests {
  static let hints = " ↑↓ move  Enter open  a add  d delete  / search  t timeline  ? help  q quit"

  /// The list screen showing `rows` under the count and the column names.
  static func listScreen(_ rows: [String], count: String, status: String = hints) -> [String] {
    var screen = [
      " Home › Friends                                                             Ada",
      count,
      "",
      "   Name                          Phone",
    ]
    screen += rows
    screen += Array(repeating: "", count: 23 - screen.count)
    return screen + [status]
  }

  @Test func theListIsAKeyAwayAfterLoggingIn() {
    Harness.run { h in
      LoginScreenTests.scriptLogin(h)
      h.friends.recordsResponse = { _ in
        [.next(50, [Fixtures.ada, Fixtures.grace]), .completed(50)]
      }
      h.start()
      h.type("ada@example.com")
      h.press(.tab)
      h.type("correct horse")
      h.advance(to: 500)
      h.press(.enter)
      h.advance(to: 800)
      expectEqual(h.app.navigator.currentStack, [.home])
      // The friends list is a key away.
      h.press(.character("f"))
      expectScreen(
        h,
        [
          " Home › Friends                                                             Ada",
          "   ⠋ Loading friends…",
          "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "",
          FriendsListScreenTests.hints,
        ])
      h.advance(to: 850)
      expectScreen(
        h,
        [
          " Home › Friends                                                             Ada",
          "   2 friends",
          "",
          "   Name                          Phone",
          " › Ada Lovelace                  555 0101",
          "   Grace Hopper                  +1 555 0102",
          "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "",
          FriendsListScreenTests.hints,
        ])
    }
  }

  @Test func aLongListShowsThePositionAndMovesWithTheViKeys() {
    let many = (1...20).map {
      Friend(id: $0, firstName: "Friend", lastName: "No \($0)", phoneNumber: "555 01\($0 + 10)")
    }
    func row(_ number: Int, selected: Bool = false) -> String {
      (selected ? " › " : "   ") + Rows.padded("Friend No \(number)", to: 28)
        + "  555 01\(number + 10)"
    }
    Harness.run { h in
      h.friends.recordsResponse = { _ in [.next(10, many), .completed(10)] }
      h.startLoggedIn()
      h.advance(by: 10)
      expectScreen(
        h,
        Self.listScreen(
          [row(1, selected: true)] + (2...19).map { row($0) }, count: "   20 friends  ·  1/20"))
      h.press(.character("G"))
      expectScreen(
        h,
        Self.listScreen(
          (2...19).map { row($0) } + [row(20, selected: true)], count: "   20 friends  ·  20/20"))
      h.press(.character("k"))
      expectEqual(h.line(1), "   20 friends  ·  19/20")
      h.press(.character("g"))
      h.press(.character("j"))
      expectEqual(h.line(1), "   20 friends  ·  2/20")
      expectEqual(h.line(5), row(2, selected: true))
    }
  }

  @Test func anOutageShowsOneMessageKeepsTheListAndLoadsAgainByItself() {
    let refused = ServiceError.unreachable("connection refused")
    Harness.run { h in
      h.friends.recordsResponse = { call in
        call == 0 || call == 2
          ? [.error(100, refused)]
          : [.next(100, [Fixtures.ada, Fixtures.grace]), .completed(100)]
      }
      h.startLoggedIn()
      expectScreen(
        h,
        [" Home › Friends                                                             Ada"]
          + ["   ⠋ Loading friends…"] + Array(repeating: "", count: 21) + [Self.hints])
      // The first load fails: the message once, whole, and no dialog repeating it.
      h.advance(by: 100)
      expectScreen(
        h,
        [
          " Home › Friends                                                             Ada",
          "",
          "   Could not load the friends: the server could not be reached: connection",
          "   refused. Trying again every 5 s; r tries now.",
        ] + Array(repeating: "", count: 19) + [Self.hints])
      // Five seconds later it loads again by itself, and the friends show.
      h.advance(by: 5_000)
      expectEqual(h.friends.calls, [.records, .records])
      h.advance(by: 100)
      let rows = [
        " › Ada Lovelace                  555 0101",
        "   Grace Hopper                  +1 555 0102",
      ]
      expectScreen(h, Self.listScreen(rows, count: "   2 friends"))
      // A refresh that fails keeps the friends shown, under the message.
      h.press(.character("r"))
      h.advance(by: 100)
      expectScreen(
        h,
        [
          " Home › Friends                                                             Ada",
          "   2 friends",
          "   Could not refresh: the server could not be reached: connection refused.",
          "   Trying again every 5 s; r tries now.",
          "",
          "   Name                          Phone",
        ] + rows + Array(repeating: "", count: 15) + [Self.hints])
      h.advance(by: 5_100)
      expectScreen(h, Self.listScreen(rows, count: "   2 friends"))
      // Once it works, it no longer loads by itself.
      h.advance(by: 20_000)
      expectEqual(h.friends.calls, [.records, .records, .records, .records])
    }
  }

  @Test func belowEightyColumnsTheNamesAreCutBeforeThePhoneNumbers() {
    let samuel = Friend(
      id: 4, firstName: "Samuel", lastName: "Adeyemi-Okonkwo", phoneNumber: "+234 803 555 0917")
    Harness.run(width: 40, height: 10) { h in
      h.friends.recordsResponse = { _ in [.next(10, [samuel, Fixtures.ada]), .completed(10)] }
      h.startLoggedIn()
      h.advance(by: 10)
      expectScreen(
        h,
        [
          " Home › Friends                     Ada",
          "   2 friends",
          "",
          "   Name               Phone",
          " › Samuel Adeyemi-O…  +234 803 555 0917",
          "   Ada Lovelace       555 0101",
          "", "", "",
          " ↑↓ move  Enter open  ? help  q quit",
        ])
      // Wider again, the column is back to its full width.
      h.terminal.resize(to: TerminalSize(width: 80, height: 24))
      h.settle()
      expectEqual(h.line(3), "   Name                          Phone")
      expectEqual(h.line(4), " › Samuel Adeyemi-Okonkwo        +234 803 555 0917")
    }
  }

  @Test func deletingFromTheDetailsGoesBackToTheListSayingSo() {
    Harness.run { h in
      var deleted = false
      h.friends.recordsResponse = { _ in
        [.next(10, deleted ? [Fixtures.ada] : [Fixtures.ada, Fixtures.grace]), .completed(10)]
      }
      h.friends.recordResponse = { id in
        deleted
          ? [.error(1, ServiceError.notFound(id: id))]
          : [.next(10, Fixtures.grace), .completed(10)]
      }
      h.friends.removeResponse = { _ in
        // The backend announces its own writes, so the details and the list load again: here
        // before the deletion reports back, so the details find the friend gone first.
        h.clock.scheduleAt(h.clock.clock + 5) {
          deleted = true
          h.friends.changes.accept(())
        }
        return [.completed(50)]
      }
      h.startLoggedIn()
      h.advance(by: 10)
      h.press(.down)
      h.press(.enter)
      h.advance(by: 10)
      h.press(.character("d"))
      h.press(.tab)
      h.press(.enter)
      h.advance(by: 100)
      expectEqual(h.app.navigator.currentStack, [.home, .friends])
      expectScreen(
        h,
        Self.listScreen(
          [" › Ada Lovelace                  555 0101"], count: "   1 friend",
          status: " Removed Grace Hopper."))
    }
  }

  @Test func deletingAsksFirstAndThenReloads() {
    Harness.run { h in
      h.friends.recordsResponse = { call in
        [
          .next(
            100,
            call == 0
              ? [Fixtures.ada, Fixtures.grace, Fixtures.alan] : [Fixtures.ada, Fixtures.alan]),
          .completed(100),
        ]
      }
      h.friends.removeResponse = { _ in [.completed(100)] }
      h.startLoggedIn()
      h.advance(by: 100)
      h.press(.down)
      h.press(.character("d"))
      let rows = [
        "   Ada Lovelace                  555 0101",
        " › Grace Hopper                  +1 555 0102",
        "   Alan Turing                   555 0103",
      ]
      expectScreen(
        h,
        Self.listScreen(
          rows + [
            "", "",
            "                ┌─ Delete friend ─────────────────────────────┐",
            "                │                                             │",
            "                │ Delete Grace Hopper? This cannot be undone. │",
            "                │                                             │",
            "                │            [ Delete ]  [ Keep ]             │",
            "                └─────────────────────────────────────────────┘",
          ], count: "   3 friends", status: " Tab switch  Enter choose  Esc cancel"))
      // "Keep" has focus, so a stray Enter deletes nothing.
      h.press(.enter)
      expectEqual(h.friends.calls, [.records])
      h.press(.character("d"))
      h.press(.tab)
      h.press(.enter)
      expectScreen(
        h,
        Self.listScreen(
          rows,
          count: "   3 friends                                                      ⠋ Refreshing…"))
      h.advance(by: 200)
      expectScreen(
        h,
        Self.listScreen(
          [
            "   Ada Lovelace                  555 0101",
            " › Alan Turing                   555 0103",
          ],
          count: "   2 friends", status: " Removed Grace Hopper."))
      expectEqual(h.friends.calls, [.records, .remove(id: 2), .records])
    }
  }

  @Test func aClickSelectsARowTheWheelMovesAndADialogButtonIsClicked() {
    Harness.run { h in
      h.friends.recordsResponse = { call in
        [
          .next(
            100,
            call == 0
              ? [Fixtures.ada, Fixtures.grace, Fixtures.alan] : [Fixtures.ada, Fixtures.alan]),
          .completed(100),
        ]
      }
      h.friends.removeResponse = { _ in [.completed(100)] }
      h.startLoggedIn()
      h.advance(by: 100)
      // A click on Alan's row, at its far end, selects him.
      h.press(MouseTests.click(70, 6))
      let rows = [
        "   Ada Lovelace                  555 0101",
        "   Grace Hopper                  +1 555 0102",
        " › Alan Turing                   555 0103",
      ]
      expectScreen(h, Self.listScreen(rows, count: "   3 friends"))
      // Below the last row, or on the column names, a click selects nothing.
      h.press(MouseTests.click(10, 8))
      h.press(MouseTests.click(10, 3))
      expectScreen(h, Self.listScreen(rows, count: "   3 friends"))
      // The wheel moves the selection, and stops at the ends.
      h.press(.mouse(MouseEvent(.scrollUp, x: 10, y: 5)))
      expectEqual(h.line(5), " › Grace Hopper                  +1 555 0102")
      h.press(.mouse(MouseEvent(.scrollUp, x: 10, y: 5)), times: 3)
      expectEqual(h.line(4), " › Ada Lovelace                  555 0101")
      h.press(.mouse(MouseEvent(.scrollDown, x: 10, y: 5)))
      // A click on the dialog's "Delete" deletes; a click beside its buttons does nothing.
      h.press(.character("d"))
      h.press(MouseTests.click(40, 11))
      h.press(MouseTests.click(28, 13))
      expectEqual(h.line(13), "                │            [ Delete ]  [ Keep ]             │")
      expectEqual(h.friends.calls, [.records])
      h.press(MouseTests.click(29, 13))
      expectEqual(h.friends.calls, [.records, .remove(id: 2)])
      h.advance(by: 200)
      expectEqual(h.line(5), " › Alan Turing                   555 0103")
    }
  }

  @Test func aChangeMadeElsewhereShowsWithoutAKey() {
    Harness.run { h in
      h.friends.recordsResponse = { call in
        [.next(10, call == 0 ? [Fixtures.ada] : [Fixtures.ada, Fixtures.alan]), .completed(10)]
      }
      h.startLoggedIn()
      h.advance(by: 10)
      // The embedded backend announces changes made by the command line within a second.
      h.clock.scheduleAt(1_000) { h.friends.changes.accept(()) }
      h.advance(to: 1_010)
      expectScreen(
        h,
        Self.listScreen(
          [
            " › Ada Lovelace                  555 0101",
            "   Alan Turing                   555 0103",
          ],
          count: "   2 friends"))
    }
  }

  @Test func enterOpensTheDetailsWhereEEditsAndSlashTOpenSearchAndTimeline() {
    Harness.run { h in
      h.friends.recordsResponse = { _ in
        [.next(10, [Fixtures.ada, Fixtures.grace]), .completed(10)]
      }
      h.friends.recordResponse = { _ in [.next(10, Fixtures.grace), .completed(10)] }
      h.timeline.timelineResponse = { _ in [.next(10, []), .completed(10)] }
      h.startLoggedIn()
      h.advance(by: 10)
      h.press(.end)
      h.press(.enter)
      expectEqual(h.app.navigator.currentStack, [.home, .friends, .friendDetail(id: 2)])
      h.advance(by: 10)
      expectScreen(
        h,
        [
          " Home › Friends › Friend                                                    Ada",
          "",
          "   Name        Grace Hopper",
          "   Phone       +1 555 0102",
        ] + Array(repeating: "", count: 19) + [" e edit  d delete  Esc back  ? help  q quit"])
      h.press(.character("e"))
      expectEqual(
        h.app.navigator.currentStack, [.home, .friends, .friendDetail(id: 2), .editFriend(id: 2)])
      h.advance(by: 10)
      expectEqual(h.line(2), "   First name  Grace")
      h.press(.escape, times: 3)
      expectEqual(h.app.navigator.currentStack, [.home, .friends])
      // `e` on the list edits at once.
      h.press(.character("e"))
      expectEqual(h.app.navigator.currentStack, [.home, .friends, .editFriend(id: 2)])
      h.press(.escape, times: 2)
      h.press(.character("/"))
      expectEqual(h.app.navigator.currentStack, [.home, .friends, .search])
      h.press(.escape)
      h.press(.character("t"))
      expectEqual(h.app.navigator.currentStack, [.home, .friends, .timeline])
    }
  }

  @Test func shiftLLogsOutToTheLoginScreen() {
    Harness.run { h in
      h.friends.recordsResponse = { _ in [.next(10, [Fixtures.ada]), .completed(10)] }
      h.auth.logOutResponse = { [.completed(50)] }
      h.startLoggedIn()
      h.advance(by: 10)
      h.press(.character("L"))
      h.advance(by: 50)
      expectEqual(h.app.navigator.currentStack, [.login])
      expectEqual(
        h.line(0), " Log in                                                           not logged in"
      )
      expectEqual(h.line(23), " Logged out.")
    }
  }

  @Test func controlCharactersInDataAreDrawnEscapedAndNeverReachTheTerminal() {
    // A name an old file or a lax server may hold: it clears the screen, and a right-to-left
    // override reverses what follows.
    let evil = Friend(
      id: 9, firstName: "\u{1B}[2JEvil", lastName: "\u{202E}Doe",
      phoneNumber: "555 0109")
    Harness.run { h in
      h.friends.recordsResponse = { _ in [.next(10, [Fixtures.ada, evil]), .completed(10)] }
      h.startLoggedIn()
      h.advance(by: 10)
      expectScreen(
        h,
        Self.listScreen(
          [
            " › Ada Lovelace                  555 0101",
            "   \\u{1B}[2JEvil \\u{202E}Doe     555 0109",
          ], count: "   2 friends"))
      // The data's ESC and override were never written: only the drawing's own sequences.
      let written = String(decoding: h.terminal.output, as: UTF8.self)
      #expect(!written.contains("\u{1B}[2JEvil"))
      #expect(!written.unicodeScalars.contains("\u{202E}"))
      #expect(written.contains("\\u{1B}[2JEvil") && written.contains("\\u{202E}Doe"))
    }
  }

  @Test func aSessionTheServerEndedGoesToTheLoginScreenAndSaysSo() {
    Harness.run { h in
      h.friends.recordsResponse = { _ in [.next(10, [Fixtures.ada]), .completed(10)] }
      h.startLoggedIn()
      h.advance(by: 10)
      h.press(.character("a"))
      expectEqual(h.app.navigator.currentStack, [.home, .friends, .addFriend])
      // A call of any screen found the session expired: the backend says so.
      h.clock.scheduleAt(h.clock.clock + 100) { h.auth.expirations.accept(()) }
      h.advance(by: 100)
      expectEqual(
        h.app.navigator.currentStack,
        [
          .login(email: "ada@example.com", notice: "Your session has expired; log in again")
        ])
      expectEqual(
        h.line(0), " Log in                                                           not logged in"
      )
      expectEqual(h.line(23), " Your session has expired; log in again")
      // The navigator counts the account as logged out: its screens are refused.
      expectEqual(
        h.app.navigator.navigate(.replaceRoot(.friends)), .failure(.requiresAccount(.friends)))
    }
  }
}
