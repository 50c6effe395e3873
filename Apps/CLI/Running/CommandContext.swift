import AppComposition
import CommandLineKit
import ReactiveCore

/// Everything a command needs to run one screen's view model: the services, where to print,
/// how to ask, the lines of standard input, and how to wait.
@MainActor
struct CommandContext {
  /// The services the view models use; their scheduler is the view models' scheduler.
  let services: AppServices
  /// Results, messages, JSON and the spinner.
  let printer: Printer
  /// Asks for missing values when standard input is a terminal.
  let prompt: Prompt
  /// The lines of standard input, as they are typed; completes at the end of input.
  let lines: () -> Observable<String>
  /// Waits for the outputs to say a command is done.
  let waiter: Waiter
  /// The options of this run that chose the data, repeated in hints that name a command.
  var dataWords: [String] = []
  /// Why the data directory's login does not count for the server in use, or `nil`.
  var otherLogin: String?

  /// The scheduler of debounces, timers and retries: the main scheduler in the program, a
  /// virtual-time scheduler in tests.
  var scheduler: SchedulerType { services.scheduler }

  /// Whether results are printed as JSON.
  var json: Bool { printer.json }

  /// The command line that runs `command` on the same data as this run, for a hint:
  /// `friends --server http://127.0.0.1:8080 login`. Words a shell would split are quoted.
  func commandLine(_ command: String) -> String {
    ([AppIdentity.command] + dataWords + [command]).map(Self.shellWord).joined(separator: " ")
  }

  /// `word` as a shell reads it back: as it is when it holds only letters, digits and
  /// `-_./:@=+,%~`, else in double quotes with `"`, `\`, `$` and `` ` `` escaped.
  static func shellWord(_ word: String) -> String {
    let plain = word.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || "-_./:@=+,%~".unicodeScalars.contains($0)
    }
    if plain, !word.isEmpty { return word }
    var quoted = "\""
    for character in word {
      if "\"\\$`".contains(character) { quoted.append("\\") }
      quoted.append(character)
    }
    return quoted + "\""
  }
}
