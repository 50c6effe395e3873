import AppComposition
import CommandLineKit
import Foundation
import Models
import ReactiveCore
import ReactiveTesting
import Services
import ServicesTesting
import TerminalUI
import TerminalUITesting

@testable import FriendsCLI
@testable import FriendsTUI

/// A virtual clock where one tick is a millisecond.
func makeClock() -> TestScheduler {
  TestScheduler.milliseconds()
}

/// The app's services over fakes, all on `clock`.
func fakeServices(auth: FakeAuthenticationService, _ clock: TestScheduler) -> AppServices {
  AppServices(
    auth: auth,
    collections: FakeRecordsProvider(
      [
        FakeFriendsService(scheduler: clock)
      ], scheduler: clock),
    features: FeatureServices(
      search: FakeSearchService(scheduler: clock),
      timeline: FakeTimelineService(scheduler: clock),
      postCache: InMemoryPostCache(),
    ),
    scheduler: clock, origin: "the test")
}

/// What one command printed and how it ended.
struct CommandRun {
  var status: ExitCode
  var output: String
  /// The lines printed as errors, without their `error: ` prefix.
  var errors: [String]
}

/// Runs the `friends` command given by `words` over `services`, on `clock`, as the CLI runs it
/// from a shell: each wait for an answer advances the clock a millisecond at a time.
@MainActor
func runCommand(_ words: [String], services: AppServices, clock: TestScheduler) -> CommandRun {
  let output = BufferOutput()
  let errors = BufferOutput()
  let runtime = Runtime(
    console: Console(
      output: output, errors: errors, outputStyle: OutputStyle(usesColor: false),
      errorStyle: OutputStyle(usesColor: false)),
    input: NoInput(), lines: { .empty() }, environment: ["HOME": "/nonexistent"],
    timeZone: TimeZone(identifier: "UTC")!,
    waiter: Waiter { isDone in
      clock.advanceTo(clock.clock)
      while !isDone() && clock.clock < 60_000 { clock.advanceTo(clock.clock + 1) }
      return isDone() ? .done : .interrupted
    },
    makeServices: { _ in services })
  // The bridges' tasks (an async service's call) run on the clock, as they would had an action
  // of the clock subscribed them.
  let status = SharingScheduler.mock(scheduler: clock) {
    ConcurrencyBridge.withTaskExecutor(clock) { Program.run(words, runtime: runtime) }
  }
  let errorLines = errors.text.split(separator: "\n").map { line in
    line.hasPrefix("error: ") ? String(line.dropFirst("error: ".count)) : String(line)
  }
  return CommandRun(status: status, output: output.text, errors: errorLines)
}

/// The terminal app on an 80 × 24 in-memory terminal over `services`, on `clock`. Call it
/// inside `SharingScheduler.mock(scheduler: clock)`.
@MainActor
final class TerminalFront {
  let terminal = MemoryTerminal(size: TerminalSize(width: 80, height: 24))
  let clock: TestScheduler
  let app: TUIApplication

  init(services: AppServices, clock: TestScheduler) {
    self.clock = clock
    app = TUIApplication(
      terminal: terminal, services: services, scheduler: clock, colorMode: .color,
      timeZone: TimeZone(identifier: "UTC")!, onQuit: {})
    try! app.start()
    clock.advanceTo(clock.clock)
  }

  /// Types `text` a character at a time (an escape sequence arrives whole, since the clock
  /// does not move between its characters), running what is due after each.
  func send(_ text: String) {
    for character in text {
      terminal.send(String(character))
      clock.advanceTo(clock.clock)
    }
  }

  /// The text of each given row that is not blank, trimmed, and with the box borders (`│`)
  /// of a form around it removed.
  func texts(ofRows rows: some Sequence<Int>) -> [String] {
    rows.map { row in
      let line = terminal.lines[row]
      let parts = line.split(separator: "│", omittingEmptySubsequences: false)
      let inside = parts.count == 3 ? parts[1] : Substring(line)
      return inside.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
  }
}

/// Standard input with nothing to read: the stories pass every answer as an option.
final class NoInput: LineInput {
  let isTerminal = false
  func readLine() -> String? { nil }
  func readSecretLine() throws -> String? { nil }
}
