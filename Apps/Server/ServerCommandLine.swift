import AppComposition
import AppServer
import CommandLineKit
import HTTPServer
import PostgresClient

/// The command line of `friends-server`, declared as `friends` declares its own: the same
/// help layout, usage line, `error:` messages and status 64.
enum ServerCommandLine {
  /// The program: its options, help and version.
  static let program = ProgramSpec(
    name: AppIdentity.serverCommand,
    version: "\(AppIdentity.serverCommand) \(AppIdentity.version)",
    abstract: "Serve the \(AppIdentity.name) HTTP API from the embedded store or PostgreSQL.",
    discussion: """
      Listens on 127.0.0.1 (or the --listen address) and prints the URL it listens on as the
      only line on standard output. Ctrl-C (SIGINT) or SIGTERM stops it. It answers requests
      for its own names (localhost, the address it listens on, the machine's host name and,
      on 0.0.0.0, its interfaces' addresses) and for each --allowed-host; any other Host
      gets 421. X-Forwarded-For is read only from a --trusted-proxy.

      With --database (or $\(databaseVariable)), the data is kept in that PostgreSQL
      database, and any number of servers may share it. Its password is read from
      $\(databaseVariable), $PGPASSWORD or ~/.pgpass, never from the command line. Only a
      build with the Postgres trait (swift build --traits Postgres) can use a database.
      """,
    options: [
      OptionSpec(
        "port", valueName: "n",
        help: "The port to listen on (default \(ServerOptions.defaultPort); 0 picks a free one)."
      ),
      OptionSpec(
        "listen", valueName: "address",
        help:
          "The IPv4 address to listen on (default \(ServerOptions.defaultListenAddress), this "
          + "machine only; 0.0.0.0 for every interface)."),
      OptionSpec(
        "allowed-host", valueName: "name", repeatable: true,
        help:
          "A further Host to answer, as a load balancer sends it: a name with any port, "
          + "name:port with that port only, or * for any host (when a proxy checks it)."),
      OptionSpec(
        "trusted-proxy", valueName: "address", repeatable: true,
        help:
          "A proxy whose X-Forwarded-For gives the client's address (for the login "
          + "throttle and the log): an IPv4 address, or a block such as 10.0.0.0/8."),
      OptionSpec(
        "data-dir", valueName: "path",
        help:
          "The store's directory (default: $FRIENDS_DATA_DIR, else $XDG_DATA_HOME/friends, "
          + "else ~/.local/share/friends). A leading ~ is expanded with $HOME; an empty path "
          + "is refused."),
      OptionSpec(
        "database", valueName: "url",
        help:
          "A PostgreSQL connection string (postgresql://user@host/db) to keep the data in, "
          + "instead of the store's directory (default: $\(databaseVariable), if set). It may "
          + "not hold a password."),
    ])

  /// The environment variable that gives the database's connection string, password
  /// included, when `--database` is not given.
  static let databaseVariable = "DATABASE_URL"

  /// The options of a command line that `program` parsed, with their values checked.
  ///
  /// `environment` gives `HOME`, to expand a leading `~` in `--data-dir`, and
  /// `DATABASE_URL`, used when neither `--database` nor `--data-dir` is given.
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
    if let text = parsed.value("listen") {
      guard IPv4Block(text)?.prefixLength == 32, !text.contains("/") else {
        throw UsageError(
          "option '--listen' needs an IPv4 address such as 127.0.0.1 or 0.0.0.0, got '\(text)'")
      }
      options.listenAddress = text
    }
    for text in parsed.values("allowed-host") {
      guard ServerOptions.isHostValue(text) else {
        throw UsageError(
          "option '--allowed-host' needs a host name, name:port or *, got '\(text)'")
      }
      options.allowedHosts.append(text)
    }
    for text in parsed.values("trusted-proxy") {
      guard let block = IPv4Block(text) else {
        throw UsageError(
          "option '--trusted-proxy' needs an IPv4 address or a block such as 10.0.0.0/8 "
            + "(no bits set past its length), got '\(text)'")
      }
      options.trustedProxies.append(block)
    }
    if let path = parsed.value("data-dir") {
      options.dataDirectory = try PathValue.checked(
        path, from: .option("data-dir"), environment: environment)
    }
    if let text = parsed.value("database") {
      guard options.dataDirectory == nil else {
        throw UsageError("options '--data-dir' and '--database' cannot be used together")
      }
      guard let url = PostgresURL(text) else {
        throw UsageError("option '--database' needs a connection string, not an empty value")
      }
      let info: ConnectionInfo
      do {
        info = try url.connectionInfo()
      } catch {
        throw UsageError("option '--database' is not a connection string libpq can read: \(error)")
      }
      guard !info.hasSecret else {
        throw UsageError(
          "option '--database' must not hold a password, which anyone on this machine could "
            + "read from the command line; give it in $\(databaseVariable), $PGPASSWORD or "
            + "~/.pgpass")
      }
      options.database = url.connectionString
    } else if options.dataDirectory == nil, let text = environment[databaseVariable],
      let url = PostgresURL(text)
    {
      do {
        _ = try url.connectionInfo()
      } catch {
        throw UsageError("$\(databaseVariable) is not a connection string libpq can read: \(error)")
      }
      options.database = text
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
