/// The command line of `friends-server`: `friends-server [--port N] [--data-dir PATH]`.
public struct ServerOptions: Hashable, Sendable {
  /// The port to listen on; 0 lets the system choose a free one.
  public var port: UInt16
  /// The store's directory as given with `--data-dir`, or `nil` to use the usual rules
  /// (`FRIENDS_DATA_DIR`, then the user's data directory).
  public var dataDirectory: String?
  /// Whether `-h` or `--help` was given.
  public var showsHelp: Bool
  /// Whether `--version` was given.
  public var showsVersion: Bool

  /// The port used when `--port` is not given.
  public static let defaultPort: UInt16 = 8080

  /// Creates options.
  public init(
    port: UInt16 = ServerOptions.defaultPort, dataDirectory: String? = nil,
    showsHelp: Bool = false, showsVersion: Bool = false
  ) {
    self.port = port
    self.dataDirectory = dataDirectory
    self.showsHelp = showsHelp
    self.showsVersion = showsVersion
  }

  /// The help text.
  public static let usage = """
    usage: friends-server [--port N] [--data-dir PATH]

    Serves the Friends HTTP API on 127.0.0.1 from the app's embedded store, and prints
    the URL it listens on. Ctrl-C (SIGINT) or SIGTERM stops it.

    options:
      --port N          the port to listen on (default \(defaultPort); 0 picks a free one)
      --data-dir PATH   the store's directory (default: $FRIENDS_DATA_DIR, else
                        $XDG_DATA_HOME/friends, else ~/.local/share/friends)
      -h, --help        show this help
      --version         show the version
    """

  /// Reads the arguments that follow the program's name. `--port=N` and
  /// `--data-dir=PATH` are accepted too.
  ///
  /// - Throws: ``UsageError`` naming the argument that is wrong.
  public static func parse(_ arguments: [String]) throws(UsageError) -> ServerOptions {
    var options = ServerOptions()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      var name = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      func value() throws(UsageError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = remaining.popFirst() else {
          throw UsageError("\(name) needs a value")
        }
        return next
      }
      switch name {
      case "-h", "--help":
        options.showsHelp = true
      case "--version":
        options.showsVersion = true
      case "--port":
        let text = try value()
        guard let port = UInt16(text) else {
          throw UsageError("--port must be a number from 0 to 65535, not \"\(text)\"")
        }
        options.port = port
      case "--data-dir":
        let path = try value()
        guard !path.isEmpty else { throw UsageError("--data-dir needs a path") }
        options.dataDirectory = path
      default:
        throw UsageError("unknown argument \"\(argument)\"")
      }
    }
    return options
  }
}

/// A command line that cannot be understood; the message names the bad argument.
public struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong.
  public var message: String

  /// Creates an error with a message.
  public init(_ message: String) {
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
