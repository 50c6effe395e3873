import AppComposition
import CommandLineKit
import Foundation
import LocalBackend
import ReactiveCore

/// What `friends-tui` was asked to do on its command line.
///
/// ```
/// friends-tui [--data-dir PATH] [--server URL | --local] [--latency MS] [--no-color]
///             [--no-mouse]
/// friends-tui -h | --help
/// friends-tui --version
/// ```
struct Options: Equatable {
  /// What to do.
  enum Action: Equatable {
    /// Run the full-screen app.
    case run
    /// Print the help text.
    case help
    /// Print the version.
    case version
  }

  /// The program's name, as shown in messages.
  static let programName = AppIdentity.terminalCommand
  /// The program's version.
  static let version = AppIdentity.version

  /// What to do.
  var action = Action.run
  /// The data directory given with `--data-dir`.
  var dataDirectory: String?
  /// The Friends server given with `--server`.
  var server: URL?
  /// Whether `--local` was given: the data on this machine, whatever server is remembered.
  var local = false
  /// The simulated latency of every call to the embedded data, in milliseconds.
  var latencyMilliseconds: Int?
  /// Whether `--no-color` was given.
  var noColor = false
  /// Whether `--no-mouse` was given.
  var noMouse = false

  /// The command line, declared as `friends` declares its own: the same help layout, usage
  /// line and `error:` messages.
  static let program = ProgramSpec(
    name: programName, version: "\(programName) \(version)",
    abstract: "The Friends app, full screen in the terminal.",
    discussion: """
      Log in, then open a feature from the home. Press ? (or F1) inside the app for its keys.
      The demo account is ada@example.com with the password "correct horse".
      """,
    options: [
      OptionSpec(
        "data-dir", valueName: "path",
        help:
          "Use the data in <path> (default: $FRIENDS_DATA_DIR, else $XDG_DATA_HOME/friends, "
          + "else ~/.local/share/friends). A leading ~ is expanded with $HOME; an empty path "
          + "is refused."),
      OptionSpec(
        "server", valueName: "url",
        help:
          "Use a \(AppIdentity.name) server instead of the data on this machine (default: "
          + "$\(ServerChoice.environmentVariable), else the server of the last login in the data "
          + "directory, kept there until you log out)."),
      OptionSpec(
        "latency", valueName: "ms",
        help: "Make every call to the data take <ms> milliseconds, to see the spinners "
          + "(embedded data only)."),
    ],
    flags: [
      FlagSpec(
        "local",
        help:
          "Use the data on this machine even when $\(ServerChoice.environmentVariable) or the "
          + "data directory names a server."),
      FlagSpec("no-color", help: "Do not use colour (also when NO_COLOR is set)."),
      FlagSpec("no-mouse", help: "Leave the mouse to the terminal (to select text without Shift)."),
    ])

  /// The help text.
  static var helpText: String { program.helpText() }

  /// Parses the words after the program's name, as `program` declares them.
  ///
  /// `-h`/`--help` wins over everything else, then `--version`. An option's value follows it
  /// or is joined with `=`.
  ///
  /// - Throws: `UsageError` naming the first bad word or value.
  static func parse(_ words: [String], environment: [String: String] = [:]) throws(UsageError)
    -> Options
  {
    switch try program.parse(words) {
    case .help: return Options(action: .help)
    case .version: return Options(action: .version)
    case .command(let parsed): return try Options(parsed, environment: environment)
    }
  }

  /// The options of a command line that `program` parsed, with their values checked.
  ///
  /// - Throws: `UsageError` for a value out of range or of the wrong form.
  /// `environment` gives `HOME`, to expand a leading `~` in `--data-dir`.
  init(_ parsed: ParsedCommand, environment: [String: String] = [:]) throws(UsageError) {
    noColor = parsed.isSet("no-color")
    noMouse = parsed.isSet("no-mouse")
    local = parsed.isSet("local")
    if let path = parsed.value("data-dir") {
      dataDirectory = try PathValue.checked(
        path, from: .option("data-dir"), environment: environment)
    }
    if let text = parsed.value("server") {
      guard let url = ServerChoice.serverURL(text) else {
        throw UsageError(
          "option '--server' needs an http or https URL, like http://127.0.0.1:8080, "
            + "got '\(text)'")
      }
      if local { throw UsageError("options '--local' and '--server' exclude each other") }
      server = url
    }
    if let text = parsed.value("latency") {
      guard let milliseconds = Int(text), milliseconds >= 0, milliseconds <= 60_000 else {
        throw UsageError(
          "option '--latency' needs a number of milliseconds from 0 to 60000, got '\(text)'")
      }
      latencyMilliseconds = milliseconds
    }
    if server != nil, latencyMilliseconds != nil {
      throw UsageError(
        "option '--latency' works only with the data on this machine, not with '--server'")
    }
  }

  /// Creates options; every value defaults to the program's default.
  init(
    action: Action = .run, dataDirectory: String? = nil, server: URL? = nil, local: Bool = false,
    latencyMilliseconds: Int? = nil, noColor: Bool = false, noMouse: Bool = false
  ) {
    self.action = action
    self.dataDirectory = dataDirectory
    self.server = server
    self.local = local
    self.latencyMilliseconds = latencyMilliseconds
    self.noColor = noColor
    self.noMouse = noMouse
  }

  /// Where the embedded data lives for these options and `environment`.
  func dataDirectory(environment: [String: String]) -> DataDirectory {
    DataDirectory.resolve(explicit: dataDirectory, environment: environment)
  }

  /// The server these options and `environment` choose: `--server`, else
  /// `$FRIENDS_SERVER`, else the one the data directory remembers, unless `--local`; `nil`
  /// for the data on this machine.
  ///
  /// - Throws: `UsageError` for a variable that is not a server URL, or `--latency` with a
  ///   server that the command line did not name.
  func serverChoice(environment: [String: String]) throws(UsageError) -> ServerChoice? {
    guard !local else { return nil }
    let choice: ServerChoice?
    do {
      choice = try ServerChoice.resolve(
        explicit: server?.absoluteString, environment: environment,
        directory: dataDirectory(environment: environment).url)
    } catch {
      throw UsageError(
        "$\(ServerChoice.environmentVariable) needs an http or https URL, like "
          + "http://127.0.0.1:8080, got '\(error.text)'")
    }
    if let choice, latencyMilliseconds != nil {
      throw UsageError(
        "option '--latency' works only with the data on this machine, not with the server "
          + "\(choice.displayName); add '--local' for the data on this machine")
    }
    return choice
  }

  /// The services for `server` (see ``serverChoice(environment:)``), or the data on this
  /// machine when it is `nil`, timed by `scheduler`.
  ///
  /// - Throws: when the embedded data cannot be opened or created.
  func makeServices(
    server: ServerChoice?, environment: [String: String], scheduler: SchedulerType
  ) throws -> AppServices {
    if let server {
      return .remote(
        url: server.url, directory: dataDirectory(environment: environment).url,
        scheduler: scheduler)
    }
    let faults = LocalBackend.Faults(latency: latencyMilliseconds.map { .milliseconds($0) })
    return try .local(
      directory: dataDirectory(environment: environment).url, scheduler: scheduler, faults: faults)
  }
}
