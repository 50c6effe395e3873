import Models
import Navigator
import ReactiveTesting
import Services
import Testing

@testable import FriendsTUI

/// A session that ends while a form is open: the login screen says why and holds the
/// account's email, and the form comes back with its text after the next login.
@MainActor @Suite struct FriendFormSessionTests {
  @Test func theLoginScreenSaysTheSessionExpiredAndTheFormKeepsItsText() {
    Harness.run { h in
      h.friends.recordsResponse = { _ in [.next(10, [Fixtures.ada]), .completed(10)] }
      h.auth.logInResponse = { _, _ in [.next(10, Harness.ada), .completed(10)] }
      h.startLoggedIn()
      h.advance(by: 10)
      h.press(.character("a"))
      h.type("Alan")
      h.press(.tab)
      h.type("Tur")
      h.clock.scheduleAt(h.clock.clock + 100) {
        h.auth.expirations.accept(())
        h.auth.status.accept(.unavailable)
      }
      h.advance(by: 100)
      let notice = "Your session has expired; log in again"
      expectEqual(
        h.app.navigator.currentStack, [.login(email: "ada@example.com", notice: notice)])
      let box = h.lines.joined(separator: "\n")
      #expect(box.contains(notice), "\(box)")
      #expect(!box.contains("Enter an email address."))
      // The email is the account's, and the password is next: typing ends the notice.
      #expect(box.contains("ada@example.com"), "\(box)")
      h.type("correct horse")
      #expect(!h.lines[1..<23].joined().contains("Your session has expired"))
      #expect(h.lines.joined().contains("ada@example.com"))
      h.press(.enter)
      h.advance(by: 10)
      h.auth.status.accept(.authorized(Harness.ada))
      h.advance(by: 10)
      expectEqual(h.app.navigator.currentStack, [.home, .friends, .addFriend])
      expectEqual(h.line(2), "   First name  Alan")
      expectEqual(h.line(4), "   Last name   Tur")
      // The text is the form's: Esc asks before dropping it.
      h.press(.escape, times: 2)
      #expect(h.lines.joined().contains("Discard changes?"))
    }
  }

  @Test func aLogoutKeepsNothingForTheNextLogin() {
    Harness.run { h in
      h.friends.recordsResponse = { _ in [.next(10, [Fixtures.ada]), .completed(10)] }
      h.auth.logInResponse = { _, _ in [.next(10, Harness.ada), .completed(10)] }
      h.auth.logOutResponse = { [.completed(10)] }
      h.startLoggedIn()
      h.advance(by: 10)
      h.press(.character("a"))
      h.type("Alan")
      h.app.logOut()
      h.advance(by: 10)
      expectEqual(h.app.navigator.currentStack, [.login])
      h.type("ada@example.com")
      h.press(.enter)
      h.type("correct horse")
      h.press(.enter)
      h.advance(by: 10)
      expectEqual(h.app.navigator.currentStack, [.home])
    }
  }
}
