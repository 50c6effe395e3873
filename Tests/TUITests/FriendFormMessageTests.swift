import Models
import ReactiveTesting
import Services
import Testing

@testable import FriendsTUI

/// The friend form's messages: a field's once it was left or a save tried, and a failed
/// save's whole, at any size.
@MainActor @Suite struct FriendFormMessageTests {
  @Test func aFieldsMessageShowsOnceTheFieldIsLeftAndEveryMessageOnceASaveIsTried() {
    Harness.run { h in
      h.friends.recordsResponse = { _ in [.next(10, [Fixtures.ada]), .completed(10)] }
      h.startLoggedIn()
      h.advance(by: 10)
      h.press(.character("a"))
      expectEqual([3, 5, 7].map(h.line), ["", "", ""])
      h.press(.tab)
      expectEqual(h.line(3), "               Enter a first name.")
      expectEqual([5, 7].map(h.line), ["", ""])
      h.type("Turing")
      h.press(.enter)
      expectEqual([5, 7].map(h.line), ["", ""])
      // Enter on the phone number tries to save: every field says what it needs.
      h.press(.enter)
      expectEqual(h.line(3), "               Enter a first name.")
      expectEqual(h.line(5), "")
      expectEqual(h.line(7), "               Enter a phone number.")
      expectEqual(h.app.navigator.currentStack, [.home, .friends, .addFriend])
      expectEqual(h.friends.calls, [.records])
    }
  }

  @Test func aTextThatStaysRefusedWhileTypedShowsItsMessageAfterAPause() {
    Harness.run { h in
      h.friends.recordsResponse = { _ in [.next(10, [Fixtures.ada]), .completed(10)] }
      h.startLoggedIn()
      h.advance(by: 10)
      h.press(.character("a"))
      // A pasted name far too long: nothing at once, the rule after the pause.
      h.terminal.send(String(repeating: "a", count: 1_200))
      h.settle()
      expectEqual(h.line(3), "")
      h.advance(by: 500)
      expectEqual(h.line(3), "               A first name can have at most 50 characters.")
      h.press(.tab)
      h.type("Turing")
      h.press(.tab)
      // A phone number one digit short, typed and left to rest in its field.
      h.type("555 010")
      h.advance(by: 499)
      expectEqual(h.line(7), "")
      h.advance(by: 1)
      expectEqual(h.line(7), "               A phone number needs 7 to 15 digits.")
      // From then on the message follows the text at once.
      h.type("3")
      expectEqual(h.line(7), "")
      expectEqual(h.line(5), "")
    }
  }

  static let damaged =
    "The data file /root/.local/share/friends/store.json is damaged (line 3: its checksum "
    + "does not match the line). It was left untouched: repair it, or move it away to start "
    + "again with demo data."

  @Test(arguments: [(80, 24), (60, 20), (40, 12)])
  func aFailedSavesMessageIsShownWhole(width: Int, height: Int) {
    Harness.run(width: width, height: height) { h in
      h.friends.recordsResponse = { _ in [.next(10, [Fixtures.ada]), .completed(10)] }
      h.friends.addResponse = { _ in [.error(50, ServiceError.storage(Self.damaged))] }
      h.startLoggedIn()
      h.advance(by: 10)
      h.press(.character("a"))
      h.type("Alan")
      h.press(.tab)
      h.type("Turing")
      h.press(.tab)
      h.type("555 0103")
      h.press(.enter)
      h.advance(by: 50)
      expectEqual(h.app.navigator.currentStack, [.home, .friends, .addFriend])
      // The rows below the button, between the title and the status bar: every character of
      // the message, in order.
      let rows = h.lines.dropFirst().dropLast()
      guard let button = rows.lastIndex(where: { $0.contains("Save ]") }) else {
        Issue.record("no Save button at \(width)x\(height): \(h.lines)")
        return
      }
      let shown = rows[(button + 1)...].joined().filter { $0 != " " }
      let message = "Could not save: " + Self.damaged
      expectEqual(
        shown, message.filter { $0 != " " },
        "\(width)x\(height):\n\(h.lines.joined(separator: "\n"))")
      // The next key goes to the focused field, which shows again.
      h.type("9")
      #expect(h.lines.contains { $0.contains("Phone") && $0.contains("555 01039") })
    }
  }
}
