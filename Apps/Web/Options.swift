import AppComposition
import CommandLineKit
import Foundation
import LocalBackend
import ReactiveCore

/// What `friends-web` was asked to do on its command line.
///
/// ```
/// friends-web [--port N] [--data-dir PATH] [--server URL | --local] [--latency MS]
/// friends-web -h | --help
/// friends-web --version
/// ```
struct Options: Equatable {
  /// The program's name, as shown in messages.
  static let programName = AppIdentity.webCommand
  /// The port served when none is given.
  static let defaultPort: UInt16 = 8081

  /// The port to serve on; 0 for any free port.
  var port = Options.defaultPort
  /// The data directory given with `--data-dir`.
  var dataDirectory: String?
  /// The server given with `--server`.
  var server: URL?
  /// Whether `--local` was given: the data on this machine, whatever server is remembered.
  var local = false
  /// The simulated latency of every call to the embedded data, in milliseconds.
  var latencyMilliseconds: Int?

  /// The command line, declared as the other fronts declare theirs.
  static let program = ProgramSpec(
    name: programName, version: "\(programName) \(AppIdentity.version)",
    abstract: "The \(AppIdentity.name) app in the browser, served on this machine.",
    discussion: """
      Prints the address to open, with a key that only this browser then keeps; the pages \
      are served on 127.0.0.1 only. Stop it with Ctrl-C.
      The demo account is ada@example.com with the password "correct horse".
      """,
    options: [
      OptionSpec(
        "port", valueName: "n",
        help: "Serve on port <n> of 127.0.0.1 (default: \(defaultPort); 0 for any free port)."),
      OptionSpec(
        "data-dir", valueName: "path",
        help:
          "Use the data in <path> (default: $\(AppIdentity.dataDirectoryVariable), else "
          + "$XDG_DATA_HOME/\(AppIdentity.dataFolderName), else ~/.local/share/"
          + "\(AppIdentity.dataFolderName)). A leading ~ is expanded with $HOME."),
      OptionSpec(
        "server", valueName: "url",
        help:
          "Use a \(AppIdentity.name) server instead of the data on this machine (default: "
          + "$\(ServerChoice.environmentVariable), else the server of the last login in the data "
          + "directory)."),
      OptionSpec(
        "latency", valueName: "ms",
        help: "Make every call to the data take <ms> milliseconds, to see the loading states "
          + "(embedded data only)."),
    ],
    flags: [
      FlagSpec(
        "local",
        help:
          "Use the data on this machine even when $\(ServerChoice.environmentVariable) or the "
          + "data directory names a server.")
    ])

  /// The options of a command line that `program` parsed, with their values checked.
  ///
  /// - Throws: `UsageError` for a value out of range or of the wrong form.
  init(_ parsed: ParsedCommand, environment: [String: String] = [:]) throws(UsageError) {
    local = parsed.isSet("local")
    if let text = parsed.value("port") {
      guard let port = UInt16(text) else {
        throw UsageError("option '--port' needs a port number from 0 to 65535, got '\(text)'")
      }
      self.port = port
    }
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
      if server != nil {
        throw UsageError(
          "option '--latency' works only with the data on this machine, not with '--server'")
      }
      latencyMilliseconds = milliseconds
    }
  }

  /// Where the embedded data lives for these options and `environment`.
  func dataDirectory(environment: [String: String]) -> DataDirectory {
    DataDirectory.resolve(explicit: dataDirectory, environment: environment)
  }

  /// The server these options and `environment` choose, or `nil` for the data on this
  /// machine.
  ///
  /// - Throws: `UsageError` for a variable that is not a server URL.
  func serverChoice(environment: [String: String]) throws(UsageError) -> ServerChoice? {
    guard !local else { return nil }
    do {
      return try ServerChoice.resolve(
        explicit: server?.absoluteString, environment: environment,
        directory: dataDirectory(environment: environment).url)
    } catch {
      throw UsageError(
        "$\(ServerChoice.environmentVariable) needs an http or https URL, like "
          + "http://127.0.0.1:8080, got '\(error.text)'")
    }
  }

  /// The services for `server`, or the data on this machine when it is `nil`.
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
