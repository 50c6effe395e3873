import Models
import ReactiveTesting
import Services
import TerminalUI
import Testing

@testable import FriendsTUI

/// The mouse on screens every app has: a click focuses a field or presses a button, the wheel
/// scrolls the help, and no mouse report ever reaches a screen as keys.
@MainActor @Suite struct MouseTests {
  static func click(_ x: Int, _ y: Int) -> Key { .mouse(MouseEvent(.press(.left), x: x, y: y)) }

  @Test func theMouseIsReportedWhileTheAppRunsUnlessTurnedOff() {
    Harness.run { h in
      h.start()
      let whileRunning = h.terminal.screen.isMouseReportingEnabled
      #expect(whileRunning)
      h.press(.control("c"))
      let afterQuitting = h.terminal.screen.isMouseReportingEnabled
      #expect(!afterQuitting)
    }
    Harness.run { h in
      h.start(mouseReporting: false)
      let whenTurnedOff = h.terminal.screen.isMouseReportingEnabled
      #expect(!whenTurnedOff)
    }
  }

  @Test func aClickFocusesAFieldAndPressesAButton() {
    Harness.run { h in
      LoginScreenTests.scriptLogin(h)
      h.start()
      h.type("ada@example.com")
      // The password row, anywhere on it: the password field has focus.
      h.press(Self.click(60, 10))
      h.type("correct horse")
      expectScreen(
        h,
        LoginScreenTests.loginScreen(
          email: "ada@example.com", password: "•••••••••••••", button: "[ Log in ]",
          status: LoginScreenTests.passwordStatus))
      // Back to the email, and on to the end of it.
      h.press(Self.click(30, 9))
      h.type("!")
      #expect(h.line(9).hasPrefix("          │  Email     ada@example.com!"))
      h.press(.backspace)
      // A click on "Log in" presses it.
      h.press(Self.click(25, 12))
      expectEqual(h.line(14), LoginScreenTests.loginScreen(message: "⠋ Logging in…")[14])
      h.advance(by: 300)
      expectEqual(h.app.navigator.currentStack, [.home])
    }
  }

  @Test func aClickOnForgotPasswordOpensIt() {
    Harness.run { h in
      h.start()
      // Beside the button does nothing; on it opens the scene.
      h.press(Self.click(57, 12))
      expectEqual(h.app.navigator.currentStack, [.login])
      h.press(Self.click(40, 12))
      expectEqual(h.app.navigator.currentStack, [.login, .forgotPassword])
    }
  }

  @Test func otherMouseReportsDoNothingAndAreNeverTyped() {
    Harness.run { h in
      h.start()
      let before = h.lines
      let reports: [MouseEvent.Action] = [
        .release(.left), .press(.right), .press(.middle), .drag(.left), .move, .scrollLeft,
        .scrollRight, .scrollUp, .scrollDown,
      ]
      for action in reports {
        h.press(.mouse(MouseEvent(action, x: 30, y: 10)))
      }
      // Still the empty email field, focused, and nothing typed into it.
      expectEqual(h.lines, before)
      h.type("a")
      #expect(h.line(9).hasPrefix("          │  Email     a "))
    }
  }

  @Test func theWheelScrollsTheHelpAndAClickClosesIt() {
    Harness.run(width: 40, height: 10) { h in
      h.start()
      h.press(.function(1))
      let top = h.lines
      #expect(top[8].contains("↓ more"))
      h.press(.mouse(MouseEvent(.scrollDown, x: 20, y: 5)), times: 20)
      #expect(h.app.isHelpVisible)
      #expect(h.line(1).contains("↑ more"))
      expectEqual(h.line(7), "│   q      quit (in a field: Ctrl-C)   │")
      h.press(.mouse(MouseEvent(.scrollUp, x: 20, y: 5)), times: 20)
      expectEqual(h.lines, top)
      h.press(Self.click(20, 5))
      #expect(!h.app.isHelpVisible)
      // The click closed the help and did nothing else: the email field is still empty.
      #expect(h.lines.contains { $0.contains("Email     your email") })
    }
  }
}
