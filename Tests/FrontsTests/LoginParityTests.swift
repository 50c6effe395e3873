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

  static let ada = Account(email: "ada@example.com", displayName: "Ada")

  /// A fake account service that accepts only "correct horse", 300 ms after the request.
  static func scriptedAuth(_ clock: TestScheduler) -> FakeAuthenticationService {
    let auth = FakeAuthenticationService(scheduler: clock)
    auth.logInResponse = { _, password in
      password == "correct horse"
        ? [.next(300, ada), .completed(300)] : [.error(300, ServiceError.wrongCredentials)]
    }
    return auth
  }

  /// The app's services over the fakes, all on `clock`.
  static func services(
    auth: FakeAuthenticationService, friends: FakeFriendsService, _ clock: TestScheduler
  ) -> AppServices {
    AppServices(
      auth: auth, friends: friends, search: FakeSearchService(scheduler: clock),
      timeline: FakeTimelineService(scheduler: clock), postCache: InMemoryPostCache(),
      scheduler: clock, origin: "the test")
  }

  @Test func bothFrontsSendTheSameRequestsAndShowTheSameMessages() {
    let command = commandLineStory()
    let terminal = terminalStory()
    #expect(command.messages == Self.messages)
    #expect(terminal.messages == command.messages)
    #expect(command.passwordsSent == ["wrong password", "correct horse"])
    #expect(terminal.passwordsSent == command.passwordsSent)
    #expect(command.loggedIn && terminal.loggedIn)
  }

  struct Outcome {
    var messages: [String]
    var passwordsSent: [String]
    var loggedIn: Bool
  }

  /// Each attempt as one `login` command; a message is what the command printed as its error.
  func commandLineStory() -> Outcome {
    let clock = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    let auth = Self.scriptedAuth(clock)
    let services = Self.services(auth: auth, friends: FakeFriendsService(scheduler: clock), clock)
    var messages: [String] = []
    var lastStatus = ExitCode.failure
    for attempt in Self.attempts {
      let errors = BufferOutput()
      let runtime = Runtime(
        console: Console(
          output: BufferOutput(), errors: errors, outputStyle: OutputStyle(usesColor: false),
          errorStyle: OutputStyle(usesColor: false)),
        input: NoInput(), lines: { .empty() }, environment: ["HOME": "/nonexistent"],
        timeZone: TimeZone(identifier: "UTC")!,
        waiter: Waiter { isDone in
          clock.advanceTo(clock.clock)
          while !isDone() && clock.clock < 60_000 { clock.advanceTo(clock.clock + 1) }
          return isDone() ? .done : .interrupted
        },
        makeServices: { _ in services })
      let words = ["login", "--email", attempt.email, "--password", attempt.password]
      lastStatus = SharingScheduler.mock(scheduler: clock) {
        FriendsProgram.run(words, runtime: runtime)
      }
      let text = errors.text.trimmingCharacters(in: .newlines)
      if text.hasPrefix("error: ") { messages.append(String(text.dropFirst("error: ".count))) }
    }
    return Outcome(
      messages: messages, passwordsSent: auth.passwordsTried, loggedIn: lastStatus == .success)
  }

  /// Each attempt typed into the login screen; a message is what the form's message row
  /// shows once the answer is in.
  func terminalStory() -> Outcome {
    let clock = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    let auth = Self.scriptedAuth(clock)
    let terminal = MemoryTerminal(size: TerminalSize(width: 80, height: 24))
    // Logged in, the app opens the friends list, which loads.
    let friends = FakeFriendsService(scheduler: clock)
    friends.friendsResponse = { _ in [.next(10, []), .completed(10)] }
    let services = Self.services(auth: auth, friends: friends, clock)
    var messages: [String] = []
    SharingScheduler.mock(scheduler: clock) {
      let app = TUIApplication(
        terminal: terminal, services: services, scheduler: clock, colorMode: .color,
        timeZone: TimeZone(identifier: "UTC")!, onQuit: {})
      try! app.start()
      func send(_ text: String) {
        for character in text {
          terminal.send(String(character))
          clock.advanceTo(clock.clock)
        }
      }
      for attempt in Self.attempts {
        // Clear both fields (Ctrl-U), fill them in, and press Enter; then let the answer come.
        send("\u{15}" + attempt.email + "\t\u{15}" + attempt.password + "\r")
        clock.advanceTo(clock.clock + 1_000)
        // The form's message, wrapped over its two rows: the text between the box's borders.
        let text = terminal.lines[14...15].map { line in
          let parts = line.split(separator: "│", omittingEmptySubsequences: false)
          return parts.count == 3 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
        }.filter { !$0.isEmpty }.joined(separator: " ")
        if !text.isEmpty { messages.append(text) }
        // Back to the email field for the next attempt.
        send("\u{1B}[Z")
      }
    }
    // Logged in, the app shows the friends list.
    return Outcome(
      messages: messages, passwordsSent: auth.passwordsTried,
      loggedIn: terminal.lines[0].hasPrefix(" Friends "))
  }
}

/// Standard input with nothing to read: the story passes every answer as an option.
final class NoInput: LineInput {
  let isTerminal = false
  func readLine() -> String? { nil }
  func readSecretLine() throws -> String? { nil }
}
