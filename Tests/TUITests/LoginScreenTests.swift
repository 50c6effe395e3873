import Models
import ReactiveTesting
import Services
import Testing

@testable import FriendsTUI

/// The login screen, told as seed 000 tells it: disabled until the fields are valid, a
/// spinner while the request runs, "Login failed: …", then the friends list.
@MainActor @Suite struct LoginScreenTests {
  /// The whole screen, with the parts that change.
  static func loginScreen(
    email: String = "your email address", password: String = "at least 8 characters",
    button: String = "( Log in )", message: String = "",
    status: String = " Tab next  Enter next  Esc leave field  F1 help  Ctrl-C quit"
  ) -> [String] {
    func row(_ text: String) -> String {
      "          │  " + text + String(repeating: " ", count: 56 - text.count) + "│"
    }
    return [
      " Log in                                                           not logged in",
      "", "", "", "", "", "",
      "          ┌─ Log in ─────────────────────────────────────────────────┐",
      row(""),
      row("Email     " + email),
      row("Password  " + password),
      row(""),
      row("          " + button + "   [ Forgot password? ]"),
      row(""),
      row(message),
      row(""),
      "          └──────────────────────────────────────────────────────────┘",
      "", "", "", "", "", "",
      status,
    ]
  }

  static let passwordStatus = " Tab next  Enter log in  Esc leave field  F1 help  Ctrl-C quit"

  static func scriptLogin(_ harness: Harness) {
    harness.auth.logInResponse = { _, password in
      password == "correct horse"
        ? [.next(300, Harness.ada), .completed(300)]
        : [.error(300, ServiceError.wrongCredentials)]
    }
  }

  @Test func aStatusMessageGoesAfterFourSecondsWithoutAKey() {
    Harness.run { h in
      h.start()
      // Esc leaves the email field; on the first screen that says how to quit.
      h.press(.escape)
      let shown = h.clock.clock
      expectEqual(h.line(23), " Press q to quit, Tab to edit again.")
      h.advance(to: shown + 3_999)
      expectEqual(h.line(23), " Press q to quit, Tab to edit again.")
      h.advance(to: shown + 4_000)
      expectEqual(h.line(23), " Tab next  Enter press  ? help  q quit")
    }
  }

  @Test func afterLoggingInTheHomeSaysWhoAndTheKeysShowAtOnce() {
    Harness.run { h in
      Self.scriptLogin(h)
      h.start(features: [])
      h.type("ada@example.com")
      h.press(.tab)
      h.type("correct horse")
      h.press(.enter)
      h.advance(by: 300)
      // The service reports the new status, as the backends do after a login.
      h.auth.status.accept(.authorized(Harness.ada))
      h.settle()
      // One greeting: the home's line; the status bar keeps its hints (no "Welcome, Ada!").
      expectScreen(
        h,
        HomeScreenTests.homeScreen(
          ["   No features yet.", "   Logged in as Ada."], status: " L log out  ? help  q quit"))
    }
  }

  @Test func theLoginStoryPlaysOutOnScreen() {
    Harness.run { h in
      Self.scriptLogin(h)
      h.start()
      expectScreen(h, Self.loginScreen(message: "Enter an email address."))

      h.type("ada@example.com")
      h.press(.tab)
      h.type("short")
      expectScreen(
        h,
        Self.loginScreen(
          email: "ada@example.com", password: "•••••",
          message: "The password needs at least 8 characters.", status: Self.passwordStatus))

      h.press(.control("u"))
      h.type("wrong password")
      expectScreen(
        h,
        Self.loginScreen(
          email: "ada@example.com", password: "••••••••••••••", button: "[ Log in ]",
          status: Self.passwordStatus))

      // Enter at 100 ms: the button disables and a spinner turns while the request runs.
      h.advance(to: 100)
      h.press(.enter)
      expectScreen(
        h,
        Self.loginScreen(
          email: "ada@example.com", password: "••••••••••••••", message: "⠋ Logging in…",
          status: Self.passwordStatus))
      h.advance(to: 200)
      expectEqual(h.line(14), Self.loginScreen(message: "⠙ Logging in…")[14])

      // The request fails at 400 ms; the screen stays alive, the button is back.
      h.advance(to: 400)
      expectScreen(
        h,
        Self.loginScreen(
          email: "ada@example.com", password: "••••••••••••••", button: "[ Log in ]",
          message: "Login failed: wrong email or password", status: Self.passwordStatus))

      // The right password; Enter twice while the request runs sends one request.
      h.press(.control("u"))
      h.type("correct horse")
      h.advance(to: 500)
      h.press(.enter)
      h.advance(to: 600)
      h.press(.enter)
      h.advance(to: 800)
      // Logged in: the home, which says who is logged in.
      expectEqual(h.app.navigator.currentStack, [.home])
      #expect(h.line(0).hasPrefix(" Home "))
      // No welcome in the status bar: its key hints show at once.
      #expect(h.line(23).hasSuffix("? help  q quit"), "\(h.line(23))")
      expectEqual(h.auth.passwordsTried, ["wrong password", "correct horse"])
      expectEqual(
        h.auth.logInRequests.map(\.subscriptions),
        [
          [Subscription(100, 400)], [Subscription(500, 800)],
        ])
    }
  }

  @Test func enterOnFieldsThatAreNotValidSendsNothingAndSaysWhyUntilTheyChange() {
    Harness.run { h in
      Self.scriptLogin(h)
      h.start()
      h.type("ada@example.com")
      h.press(.tab)
      h.type("short")
      let column = h.lines[14].range(of: "The password")!.lowerBound.utf16Offset(in: h.lines[14])
      #expect(h.terminal.cell(x: column, y: 14).style.foreground == nil)
      h.press(.enter)
      h.advance(by: 1_000)
      #expect(h.auth.passwordsTried.isEmpty)
      // The view model's refusal, in the failure's red, in place of the grey hint.
      #expect(h.lines[14].contains("The password needs at least 8 characters."))
      expectEqual(h.terminal.cell(x: column, y: 14).style.foreground, .red)
      h.type("x")
      #expect(h.terminal.cell(x: column, y: 14).style.foreground == nil)
    }
  }

  @Test func qIsTextInAFieldAndQuitsAfterEsc() {
    Harness.run { h in
      h.start()
      h.type("q")
      expectEqual(h.quitCount, 0)
      #expect(h.lines[9].contains("Email     q "))
      h.press(.escape)
      #expect(h.lines[23].hasPrefix(" Press q to quit, Tab to edit again."))
      expectEqual(h.lines[12].contains("[ Log in ]"), false)
      h.type("q")
      expectEqual(h.quitCount, 1)
      #expect(!h.terminal.isFullScreen && !h.terminal.screen.isAlternateScreen)
      #expect(h.terminal.screen.isCursorVisible)
    }
  }

  @Test func ctrlCQuitsEvenWhileTyping() {
    Harness.run { h in
      h.start()
      h.type("ada")
      h.press(.control("c"))
      expectEqual(h.quitCount, 1)
      #expect(!h.terminal.isFullScreen && !h.terminal.isReceivingInput)
    }
  }

  @Test func forgotPasswordStartsFromTheAddressTypedOnTheLoginScreen() {
    Harness.run { h in
      h.auth.resetResponse = { _ in [.completed(200)] }
      h.start()
      h.type("grace@example.com")
      h.press(.tab, times: 3)
      h.press(.enter)
      expectEqual(
        h.line(10), "          │  Email     grace@example.com                             │")
      h.press(.tab)
      h.press(.enter)
      h.advance(by: 500)
      expectEqual(h.auth.resetEmails, ["grace@example.com"])
    }
  }

  @Test func forgotPasswordSendsOnceAfterTheDebounceAndConfirms() {
    Harness.run { h in
      h.auth.resetResponse = { _ in [.completed(200)] }
      h.start()
      h.press(.tab, times: 3)
      h.press(.enter)
      h.type("ada@example.com")
      h.advance(to: 1_000)
      h.press(.enter)
      h.advance(to: 1_200)
      h.press(.enter)
      // Taps are debounced by 500 ms: nothing is sent until 1,700 ms.
      h.advance(to: 1_699)
      #expect(h.auth.resetEmails.isEmpty)
      h.advance(to: 1_700)
      expectEqual(h.auth.resetEmails, ["ada@example.com"])
      expectScreen(
        h,
        [
          " Log in › Forgot password                                         not logged in",
          "", "", "", "", "", "",
          "          ┌─ Forgot password ────────────────────────────────────────┐",
          "          │  We will email you a link to choose a new password.      │",
          "          │                                                          │",
          "          │  Email     ada@example.com                               │",
          "          │                                                          │",
          "          │            [ Send reset link ]                           │",
          "          │                                                          │",
          "          │  ⠋ Sending…                                              │",
          "          │                                                          │",
          "          └──────────────────────────────────────────────────────────┘",
          "", "", "", "", "", "",
          " Enter send  Tab next  Esc back  F1 help  Ctrl-C quit",
        ])
      h.advance(to: 1_900)
      expectEqual(
        h.line(14), "          │  We sent a reset link to ada@example.com.                │")
      h.press(.escape, times: 2)  // leaves the field, then goes back
      expectEqual(h.line(7), Self.loginScreen()[7])
      expectEqual(h.app.navigator.currentStack, [.login])
    }
  }
}

/// A reset confirmation too long for two lines: the box grows to show it whole.
@MainActor @Suite struct ForgotPasswordWrappingTests {
  @Test func aLongConfirmationIsShownWholeAtEightyByTwentyFourAndSixtyByTwenty() {
    for (width, height) in [(80, 24), (60, 20)] {
      Harness.run(width: width, height: height) { h in
        h.auth.resetConfirmation = { email in
          "If \(email) has an account, we sent it a link to choose a new password. The "
            + "answer is the same whether or not it has an account."
        }
        h.auth.resetResponse = { _ in [.completed(10)] }
        h.start()
        h.press(.tab, times: 3)
        h.press(.enter)
        h.type("margaret.hamilton.long-address@example.com")
        h.press(.enter)
        h.press(.enter)
        h.advance(by: 600)
        // The text inside the box, its lines joined: the whole confirmation is there.
        let inside = h.lines.filter { $0.contains("│") }.map {
          $0.split(separator: "│", omittingEmptySubsequences: false).dropFirst().first.map {
            $0.trimmingCharacters(in: .whitespaces)
          } ?? ""
        }
        let text = inside.filter { !$0.isEmpty }.joined(separator: " ")
        #expect(
          text.hasSuffix(
            "If margaret.hamilton.long-address@example.com has an account, we sent it a link to "
              + "choose a new password. The answer is the same whether or not it has an account."),
          "\(width)x\(height): \(text)")
      }
    }
  }
}

/// A login failure too long for one line: the box grows to show it whole.
@MainActor @Suite struct LoginFailureWrappingTests {
  @Test func aLongFailureIsWrappedInsideTheBoxWhole() {
    Harness.run { h in
      h.auth.logInResponse = { _, _ in
        [.error(100, ServiceError.storage(DataProblemScreenTests.damaged))]
      }
      h.start()
      h.type("ada@example.com")
      h.press(.tab)
      h.type("correct horse")
      h.press(.enter)
      h.advance(by: 100)
      func row(_ text: String) -> String {
        "          │  " + text + String(repeating: " ", count: 56 - text.count) + "│"
      }
      expectScreen(
        h,
        [
          " Log in                                                           not logged in",
          "", "", "", "",
          "          ┌─ Log in ─────────────────────────────────────────────────┐",
          row(""),
          row("Email     ada@example.com"),
          row("Password  •••••••••••••"),
          row(""),
          row("          [ Log in ]   [ Forgot password? ]"),
          row(""),
          row("Login failed: The data file"),
          row("/home/ada/.local/state/friends/store.json is damaged"),
          row("(not valid JSON: expected a field name in quotes at"),
          row("line 1, column 22). It was left untouched: repair it,"),
          row("or move it away to start again with demo data."),
          "          └──────────────────────────────────────────────────────────┘",
          "", "", "", "", "",
          LoginScreenTests.passwordStatus,
        ])
    }
  }
}
