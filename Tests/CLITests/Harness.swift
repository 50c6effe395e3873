import AppComposition
import CommandLineKit
import Foundation
import LocalBackend
import Models
import ReactiveCore
import ReactiveTesting
import Services
import ServicesTesting
import Synchronization

@testable import FriendsCLI

/// Runs the program in process on a virtual clock where one tick is a millisecond, with fake
/// services, output buffers, and scripted standard input.
@MainActor
final class Harness {
  let clock = TestScheduler.milliseconds()
  let auth: FakeAuthenticationService
  lazy var friends = FakeFriendsService(scheduler: clock)
  lazy var search = FakeSearchService(scheduler: clock)
  lazy var timeline = FakeTimelineService(scheduler: clock)
  lazy var postCache = InMemoryPostCache()
  /// Fakes of collections of records a test adds for a feature of its own; any other
  /// collection is an empty `InMemoryRecordsService`.
  var extraFakes: [AnyObject] = []
  /// The fakes of the collections of records, one line each.
  var collections: FakeRecordsProvider {
    FakeRecordsProvider(
      extraFakes + [
        friends
      ], scheduler: clock)
  }
  /// The fakes of the features' own services, one line each.
  var featureFakes: FeatureServices {
    FeatureServices(
      search: search,
      timeline: timeline,
      postCache: postCache,
    )
  }
  let output: BufferOutput
  let errors: BufferOutput
  /// What prompts read.
  let input: ScriptedInput
  /// The lines of standard input, for a command that reads them as they are typed.
  var lines: Observable<String> = .empty()
  /// A directory to run the embedded store in, instead of the fakes; the store gets the
  /// latency the command line asks for.
  var storeDirectory: URL?
  /// The environment variables the program sees.
  var environment = ["HOME": "/nonexistent"]
  /// The backends the program asked for, in order.
  private(set) var backends: [GlobalOptions.Backend] = []

  nonisolated static let ada = Account(email: "ada@example.com", displayName: "Ada")

  /// A harness; `terminal` makes standard error and standard input terminals (spinner and
  /// prompts), `answers` are the lines typed at prompts.
  /// Whether both streams use colour (as on a terminal without `NO_COLOR`).
  let colour: Bool

  /// `outputColumns` makes standard output a terminal that many columns wide.
  init(
    loggedIn: Bool = true, terminal: Bool = false, answers: [String] = [], colour: Bool = false,
    outputColumns: Int? = nil
  ) {
    self.colour = colour
    output = BufferOutput(isTerminal: outputColumns != nil, columns: outputColumns)
    auth = FakeAuthenticationService(scheduler: clock)
    errors = BufferOutput(isTerminal: terminal)
    input = ScriptedInput(isTerminal: terminal, lines: answers)
    if loggedIn { auth.status.accept(.authorized(Self.ada)) }
  }

  /// Runs `words` until the command ends, or until `limit` (then it counts as Ctrl-C);
  /// `replacingAuth` answers for the account instead of the fake.
  func run(
    _ words: [String], limit: TestTime = 60_000, replacingAuth: AuthenticationService? = nil
  ) -> ExitCode {
    let clock = self.clock
    let runtime = Runtime(
      console: Console(
        output: output, errors: errors, outputStyle: OutputStyle(usesColor: colour),
        errorStyle: OutputStyle(usesColor: colour)),
      input: input, lines: { [lines] in lines }, environment: environment,
      timeZone: TimeZone(identifier: "UTC")!, waiter: .virtualTime(clock, until: limit),
      makeServices: { [unowned self] backend in
        backends.append(backend)
        if let storeDirectory, case .local(_, let latency) = backend {
          return try AppServices.local(
            directory: storeDirectory, scheduler: clock,
            faults: LocalBackend.Faults(latency: latency))
        }
        return AppServices(
          auth: replacingAuth ?? auth, collections: collections, features: featureFakes,
          scheduler: clock, origin: "the test")
      })
    // The command subscribes its requests from here, not from an action of the clock: the
    // bridges' tasks (an async service's call) are told to run on the clock all the same, as
    // the clock tells them while it runs its actions.
    return SharingScheduler.mock(scheduler: clock) {
      ConcurrencyBridge.withTaskExecutor(clock) { Program.run(words, runtime: runtime) }
    }
  }

  /// Runs the words of `line`, split at spaces.
  func run(
    _ line: String, limit: TestTime = 60_000, replacingAuth: AuthenticationService? = nil
  ) -> ExitCode {
    run(line.split(separator: " ").map(String.init), limit: limit, replacingAuth: replacingAuth)
  }

  var stdout: String { output.text }
  var stderr: String { errors.text }
}

extension Waiter {
  /// Advances `clock` one tick at a time until the condition holds; at `limit`, the wait ends
  /// as if the user pressed Ctrl-C.
  static func virtualTime(_ clock: TestScheduler, until limit: TestTime) -> Waiter {
    Waiter { isDone in
      clock.advanceTo(clock.clock)
      while !isDone() {
        guard clock.clock < limit else { return .interrupted }
        clock.advanceTo(clock.clock + 1)
      }
      return .done
    }
  }
}

/// Standard input with scripted lines; a terminal or not.
final class ScriptedInput: LineInput {
  let isTerminal: Bool
  private let lines: Mutex<[String]>
  private let asked = Mutex(0)

  init(isTerminal: Bool, lines: [String]) {
    self.isTerminal = isTerminal
    self.lines = Mutex(lines)
  }

  /// How many lines were read.
  var reads: Int { asked.withLock { $0 } }

  func readLine() -> String? {
    asked.withLock { $0 += 1 }
    return lines.withLock { $0.isEmpty ? nil : $0.removeFirst() }
  }

  func readSecretLine() throws -> String? {
    readLine()
  }
}

/// A fresh, uniquely named directory, removed when the value goes away.
final class TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("friends-cli-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }
}
