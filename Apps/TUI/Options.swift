import AppComposition
import Foundation
import LocalBackend
import ReactiveCore

/// What `friends-tui` was asked to do on its command line.
///
/// ```
/// friends-tui [--data-dir PATH] [--server URL] [--latency MS] [--no-color] [--no-mouse]
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
  /// The simulated latency of every call to the embedded data, in milliseconds.
  var latencyMilliseconds: Int?
  /// Whether `--no-color` was given.
  var noColor = false
  /// Whether `--no-mouse` was given.
  var noMouse = false

  /// The help text.
  static let helpText = """
    Usage: friends-tui [options]

    The Friends app, full screen in the terminal: log in, browse and edit your friends,
    search them, and follow the timeline. Press ? inside the app for its keys.

    Options:
      --data-dir PATH   Use the data in PATH (default: $FRIENDS_DATA_DIR, else
                        $XDG_DATA_HOME/friends, else ~/.local/share/friends).
      --server URL      Use a Friends server instead of the data on this machine (the
                        login is kept in the data directory).
      --latency MS      Make every call to the data take MS milliseconds, to see the
                        spinners (embedded data only).
      --no-color        Do not use colour (also when NO_COLOR is set).
      --no-mouse        Leave the mouse to the terminal (to select text without Shift).
      -h, --help        Show this help.
      --version         Show the version.

    The demo account is ada@example.com with the password "correct horse".
    """

  /// Parses the words after the program's name.
  ///
  /// `-h`/`--help` wins over everything else, then `--version`. An option's value follows it
  /// or is joined with `=`.
  ///
  /// - Throws: `OptionsError` naming the first bad word.
  static func parse(_ words: [String]) throws(OptionsError) -> Options {
    if words.contains(where: { $0 == "-h" || $0 == "--help" }) {
      return Options(action: .help)
    }
    var options = Options()
    var index = words.startIndex
    func value(of name: String, inline: String?) throws(OptionsError) -> String {
      if let inline { return inline }
      guard index < words.endIndex, !words[index].hasPrefix("--") else {
        throw OptionsError("\(name) needs a value")
      }
      defer { index += 1 }
      return words[index]
    }
    while index < words.endIndex {
      let word = words[index]
      index += 1
      let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
      let name = parts[0]
      let inline = word.contains("=") ? (parts.count > 1 ? parts[1] : "") : nil
      switch name {
      case "--version" where inline == nil:
        options.action = .version
      case "--no-color" where inline == nil:
        options.noColor = true
      case "--no-mouse" where inline == nil:
        options.noMouse = true
      case "--data-dir":
        let path = try value(of: name, inline: inline)
        guard !path.isEmpty else { throw OptionsError("--data-dir needs a path") }
        options.dataDirectory = path
      case "--server":
        let text = try value(of: name, inline: inline)
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
          scheme == "http" || scheme == "https", url.host != nil
        else {
          throw OptionsError("--server needs an http or https URL, like http://127.0.0.1:8080")
        }
        options.server = url
      case "--latency":
        let text = try value(of: name, inline: inline)
        guard let milliseconds = Int(text), milliseconds >= 0, milliseconds <= 60_000 else {
          throw OptionsError(
            "--latency needs a number of milliseconds from 0 to 60000, not '\(text)'")
        }
        options.latencyMilliseconds = milliseconds
      default:
        if word.hasPrefix("-") { throw OptionsError("unknown option '\(word)'") }
        throw OptionsError("unexpected argument '\(word)'")
      }
    }
    if options.server != nil, options.latencyMilliseconds != nil {
      throw OptionsError("--latency works only with the data on this machine, not with --server")
    }
    return options
  }

  /// Where the embedded data lives for these options and `environment`.
  func dataDirectory(environment: [String: String]) -> DataDirectory {
    DataDirectory.resolve(explicit: dataDirectory, environment: environment)
  }

  /// The services these options ask for, timed by `scheduler`.
  ///
  /// - Throws: when the embedded data cannot be opened or created.
  func makeServices(environment: [String: String], scheduler: SchedulerType) throws
    -> AppServices
  {
    if let server {
      return .remote(
        url: server, directory: dataDirectory(environment: environment).url, scheduler: scheduler)
    }
    let faults = LocalBackend.Faults(latency: latencyMilliseconds.map { .milliseconds($0) })
    return try .local(
      directory: dataDirectory(environment: environment).url, scheduler: scheduler, faults: faults)
  }
}

/// A mistake on the command line.
struct OptionsError: Error, Equatable, CustomStringConvertible {
  /// What is wrong, naming the word.
  var message: String

  /// Creates the error.
  init(_ message: String) {
    self.message = message
  }

  /// The message.
  var description: String { message }
}
