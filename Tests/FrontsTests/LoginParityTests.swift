import CommandLineKit
import Foundation
import Models
import ReactiveCore
import ReactiveTesting
import Services
import ServicesTesting
import TerminalUI
import Testing

@testable import FriendsCLI
@testable import FriendsTUI

/// One login story told to both fronts, each over its own fake service on virtual time: the
/// same view model decides, so the same requests reach the service and the same messages come
/// back, whatever each front makes of them on the screen.
@MainActor @Suite struct LoginParityTests {
  /// The attempts of the story, in order: a malformed email, a short password, a wrong
  /// password, the right one.
  static let attempts = [
    (email: "ada", password: "correct horse"),
    (email: "ada@example.com", password: "short"),
    (email: "ada@example.com", password: "wrong password"),
    (email: "ada@example.com", password: "correct horse"),
  ]

  /// The view model's messages for the first three attempts, as its own tests state them.
  static let messages = [
    "An email address needs text on both sides of \"@\", like ada@example.com.",
    "The password needs at least 8 characters.",
    "Login failed: wrong email or password",
  ]

  nonisolated static let ada = Account(email: "ada@example.com", displayName: "Ada")

  /// A fake account service that accepts only "correct horse", 300 ms after the request.
  static func scriptedAuth(_ clock: TestScheduler) -> FakeAuthenticationService {
    let auth = FakeAuthenticationService(scheduler: clock)
    auth.logInResponse = { _, password in
      password == "correct horse"
        ? [.next(300, ada), .completed(300)] : [.error(300, ServiceError.wrongCredentials)]
    }
    return auth
  }

  @Test func bothFrontsSendTheSameRequestsAndShowTheSameMessages() {
    let command = commandLineStory()
    let terminal = terminalStory()
    expectEqual(command.messages, Self.messages)
    expectEqual(terminal.messages, command.messages)
    expectEqual(command.passwordsSent, ["wrong password", "correct horse"])
    expectEqual(terminal.passwordsSent, command.passwordsSent)
    #expect(command.loggedIn && terminal.loggedIn)
  }

  struct Outcome {
    var messages: [String]
    var passwordsSent: [String]
    var loggedIn: Bool
  }

  /// Each attempt as one `login` command; a message is what the command printed as its error.
  func commandLineStory() -> Outcome {
    let clock = makeClock()
    let auth = Self.scriptedAuth(clock)
    let services = fakeServices(auth: auth, clock)
    var messages: [String] = []
    var lastStatus = ExitCode.failure
    for attempt in Self.attempts {
      let run = runCommand(
        ["login", "--email", attempt.email, "--password", attempt.password], services: services,
        clock: clock)
      messages += run.errors
      lastStatus = run.status
    }
    return Outcome(
      messages: messages, passwordsSent: auth.passwordsTried, loggedIn: lastStatus == .success)
  }

  /// Each attempt typed into the login screen; a message is what the form's message row
  /// shows once the answer is in.
  func terminalStory() -> Outcome {
    let clock = makeClock()
    let auth = Self.scriptedAuth(clock)
    let services = fakeServices(auth: auth, clock)
    var messages: [String] = []
    let loggedIn = SharingScheduler.mock(scheduler: clock) {
      let front = TerminalFront(services: services, clock: clock)
      for attempt in Self.attempts {
        // Clear both fields (Ctrl-U), fill them in, and press Enter; then let the answer come.
        front.send("\u{15}" + attempt.email + "\t\u{15}" + attempt.password + "\r")
        clock.advanceTo(clock.clock + 1_000)
        // The form's message, wrapped over its two rows.
        let text = front.texts(ofRows: 14...15).joined(separator: " ")
        if !text.isEmpty { messages.append(text) }
        // Back to the email field for the next attempt.
        front.send("\u{1B}[Z")
      }
      // Logged in, the app shows the home.
      defer { front.app.quit() }
      return front.terminal.lines[0].hasPrefix(" Home ")
    }
    return Outcome(messages: messages, passwordsSent: auth.passwordsTried, loggedIn: loggedIn)
  }
}
