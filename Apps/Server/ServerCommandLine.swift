import AppComposition
import AppServer
import CommandLineKit

/// The command line of `friends-server`, declared as `friends` declares its own: the same
/// help layout, usage line, `error:` messages and status 64.
enum ServerCommandLine {
  /// The program: its options, help and version.
  static let program = ProgramSpec(
    name: AppIdentity.serverCommand,
    version: "\(AppIdentity.serverCommand) \(AppIdentity.version)",
    abstract: "Serve the Friends HTTP API from the embedded store.",
    discussion: """
      Listens on 127.0.0.1 and prints the URL it listens on as the only line on standard
      output. Ctrl-C (SIGINT) or SIGTERM stops it.
      """,
    options: [
      OptionSpec(
        "port", valueName: "n",
        help: "The port to listen on (default \(ServerOptions.defaultPort); 0 picks a free one)."
      ),
      OptionSpec(
        "data-dir", valueName: "path",
        help:
          "The store's directory (default: $FRIENDS_DATA_DIR, else $XDG_DATA_HOME/friends, "
          + "else ~/.local/share/friends). A leading ~ is expanded with $HOME; an empty path "
          + "is refused."),
    ])

  /// The options of a command line that `program` parsed, with their values checked.
  ///
  /// `environment` gives `HOME`, to expand a leading `~` in `--data-dir`.
  ///
  /// - Throws: `UsageError` for a value out of range or of the wrong form.
  static func options(_ parsed: ParsedCommand, environment: [String: String] = [:])
    throws(UsageError) -> ServerOptions
  {
    var options = ServerOptions()
    if let text = parsed.value("port") {
      guard let port = UInt16(text) else {
        throw UsageError("option '--port' needs a number from 0 to 65535, got '\(text)'")
      }
      options.port = port
    }
    if let path = parsed.value("data-dir") {
      options.dataDirectory = try PathValue.checked(
        path, from: .option("data-dir"), environment: environment)
    }
    return options
  }

  /// What a command line asks for: help or the version (as text), or options to serve with.
  enum Request: Equatable {
    /// Print this text and exit 0.
    case text(String)
    /// Serve with these options.
    case serve(ServerOptions)
  }

  /// Parses the words after the program's name.
  ///
  /// - Throws: `UsageError` naming the first bad word or value.
  static func parse(_ words: [String], environment: [String: String] = [:]) throws(UsageError)
    -> Request
  {
    switch try program.parse(words) {
    case .help(let text), .version(let text): return .text(text)
    case .command(let parsed): return .serve(try options(parsed, environment: environment))
    }
  }
}
