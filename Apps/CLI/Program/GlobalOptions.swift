import AppComposition
import CommandLineKit
import Foundation
import ReactiveCore

/// The options every command accepts: where the data comes from and how results print.
struct GlobalOptions: Equatable {
  /// Where the services get their data.
  enum Backend: Equatable {
    /// The embedded store in `directory`, each answer delayed by `latency` (if any).
    case local(directory: DataDirectory, latency: RxTimeInterval?)
    /// The Friends server at `url`, with the session's token kept in `directory`.
    case remote(url: URL, directory: DataDirectory)
  }

  /// The option and flag declarations.
  static let dataDirectory = OptionSpec(
    "data-dir", valueName: "path",
    help:
      "Where the data is kept (default: $FRIENDS_DATA_DIR, else $XDG_DATA_HOME/friends, else ~/.local/share/friends). A leading ~ is expanded with $HOME; an empty path is refused."
  )
  static let server = OptionSpec(
    "server", valueName: "url",
    help:
      "Use the \(AppIdentity.name) server at this URL instead of the local data (default: $\(ServerChoice.environmentVariable), else the server of the last login in the data directory, kept there until 'logout')."
  )
  static let local = FlagSpec(
    "local",
    help:
      "Use the local data even when $\(ServerChoice.environmentVariable) or the data directory names a server."
  )
  static let latency = OptionSpec(
    "latency", valueName: "ms", kind: .integer,
    help:
      "Delay each answer of the local data by this many milliseconds (0 to \(maximumLatency)), to see loading states."
  )
  /// The longest `--latency` accepted, in milliseconds: a minute.
  static let maximumLatency = 60_000
  static let json = FlagSpec("json", help: "Print results as JSON.")

  /// Where the data comes from.
  var backend: Backend
  /// Whether results print as JSON.
  var json: Bool
  /// Whether colour is off whatever the terminal says.
  var noColor: Bool
  /// The options given on the command line that choose the data (`--data-dir`, `--server`,
  /// `--local`), to repeat in a hint that names another command.
  var dataWords: [String] = []
  /// Why the login of the data directory does not count for the server in use (another
  /// address), or `nil`.
  var otherLogin: String?

  /// Reads the options from `parsed`, resolving the data directory with `environment`.
  /// - Throws: `UsageError` for a bad URL, latency or path, or options that exclude each
  ///   other.
  init(_ parsed: ParsedCommand, environment: [String: String]) throws(UsageError) {
    json = parsed.isSet(Self.json.name)
    noColor = parsed.isSet(FlagSpec.noColor.name)
    var dataDirectory = parsed.value(Self.dataDirectory.name)
    if let path = dataDirectory {
      dataDirectory = try PathValue.checked(
        path, from: .option(Self.dataDirectory.name), environment: environment)
    }
    let environment = try PathValue.checkedVariable(
      DataDirectory.environmentVariable, in: environment)
    let latency = try parsed.optionalInt(Self.latency.name)
    if let latency, !(0...Self.maximumLatency).contains(latency) {
      throw UsageError(
        "option '--latency' needs a number of milliseconds from 0 to \(Self.maximumLatency), "
          + "got '\(latency)'")
    }
    let directory = DataDirectory.resolve(explicit: dataDirectory, environment: environment)
    let explicitServer = parsed.value(Self.server.name)
    let local = parsed.isSet(Self.local.name)
    if local, explicitServer != nil {
      throw UsageError("options '--local' and '--server' exclude each other")
    }
    let server: ServerChoice?
    do {
      server =
        local
        ? nil
        : try ServerChoice.resolve(
          explicit: explicitServer, environment: environment, directory: directory.url)
    } catch {
      switch error.source {
      case .explicit:
        throw UsageError("option '--server' needs an http:// or https:// URL, got '\(error.text)'")
      case .environment, .remembered:
        throw UsageError(
          "$\(ServerChoice.environmentVariable) needs an http:// or https:// URL, "
            + "got '\(error.text)'")
      }
    }
    if let path = dataDirectory { dataWords += ["--\(Self.dataDirectory.name)", path] }
    if let server {
      if latency != nil {
        throw UsageError(
          "option '--latency' applies to the local data only, not to the server "
            + "\(server.displayName)\(server.source == .explicit ? "" : "; add '--local' for the local data")"
        )
      }
      if server.source == .explicit { dataWords += ["--\(Self.server.name)", server.displayName] }
      otherLogin = server.otherLogin(in: directory.url)
      backend = .remote(url: server.url, directory: directory)
    } else {
      if local { dataWords.append("--\(Self.local.name)") }
      backend = .local(directory: directory, latency: latency.map { .milliseconds($0) })
    }
  }
}

extension GlobalOptions {
  /// What a command line asks of this build that it cannot do: the command fails with status
  /// 1 (not as a usage error: the words are right, the build lacks the feature).
  struct Unsupported: Error, CustomStringConvertible {
    /// The message printed after `error:`.
    var description: String
  }

  /// Refuses a server this build cannot reach: an `https://` URL in a build without HTTPS
  /// support.
  func checkSupported() throws(Unsupported) {
    if case .remote(let url, _) = backend, let refusal = AppServices.serverRefusal(url) {
      throw Unsupported(description: refusal)
    }
  }
}
