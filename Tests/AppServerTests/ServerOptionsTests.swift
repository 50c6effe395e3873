import AppServer
import CommandLineKit
import HTTPServer
import ReactiveTesting
import Testing

@testable import FriendsServerApp

/// The command line of `friends-server`, read with CommandLineKit as `friends` reads its own.
@Suite struct ServerOptionsTests {
  @Test func noArgumentsServesOnTheDefaultPort() throws {
    #expect(try ServerCommandLine.parse([]) == .serve(ServerOptions(port: 8080)))
  }

  @Test func portAndDataDirectoryAreRead() throws {
    #expect(
      try ServerCommandLine.parse(["--port", "0", "--data-dir", "/tmp/x"])
        == .serve(ServerOptions(port: 0, dataDirectory: "/tmp/x")))
    #expect(
      try ServerCommandLine.parse(["--data-dir=/srv/friends", "--port=9000"])
        == .serve(ServerOptions(port: 9000, dataDirectory: "/srv/friends")))
  }

  @Test func aDatabaseComesFromTheOptionOrTheEnvironment() throws {
    let url = "postgresql://app@db.example.com/app"
    #expect(
      try ServerCommandLine.parse(["--database", url]) == .serve(ServerOptions(database: url)))
    let environment = ["DATABASE_URL": "postgresql://app:secret@db/app"]
    #expect(
      try ServerCommandLine.parse([], environment: environment)
        == .serve(ServerOptions(database: "postgresql://app:secret@db/app")))
    // The option wins over the variable, and a data directory over the variable.
    #expect(
      try ServerCommandLine.parse(["--database", url], environment: environment)
        == .serve(ServerOptions(database: url)))
    #expect(
      try ServerCommandLine.parse(["--data-dir", "/tmp/x"], environment: environment)
        == .serve(ServerOptions(dataDirectory: "/tmp/x")))
    #expect(
      try ServerCommandLine.parse([], environment: ["DATABASE_URL": " "])
        == .serve(ServerOptions()))
  }

  @Test(arguments: [
    "postgresql://app:secret@db/app", "postgres://db/app?password=secret",
    "host=db dbname=app password=secret",
    // What libpq decodes or reads past a word that holds "password" is a password too.
    "postgresql:///app?host=/run/pg&pass%77ord=secret", "postgresql://db/app?%70assword=secret",
    "application_name=passwordless password=secret", "host=db  password = 'sec ret'",
    "host=db sslpassword=secret",
  ])
  func aPasswordOnTheCommandLineIsRefusedWithoutBeingRepeated(url: String) throws {
    let error = #expect(throws: UsageError.self) {
      try ServerCommandLine.parse(["--database", url])
    }
    let message = "\(error.map { String(describing: $0) } ?? "")"
    #expect(message.contains("must not hold a password"))
    #expect(message.contains("DATABASE_URL"))
    #expect(!message.contains("secret"))
  }

  @Test(arguments: [
    "postgresql://db/app?password=%zzsecret", "host=db password='secret", "host=db secret",
    "postgresql://db/app?passwd=secret",
  ])
  func aStringLibpqCannotReadIsRefusedWithoutBeingRepeated(url: String) throws {
    let error = #expect(throws: UsageError.self) {
      try ServerCommandLine.parse(["--database", url])
    }
    let message = "\(error.map { String(describing: $0) } ?? "")"
    #expect(message.contains("not a connection string libpq can read"))
    #expect(!message.contains("secret"))
    let fromEnvironment = #expect(throws: UsageError.self) {
      try ServerCommandLine.parse([], environment: ["DATABASE_URL": url])
    }
    expectEqual(fromEnvironment.map { "\($0)".contains("DATABASE_URL") }, true)
    expectEqual(fromEnvironment.map { "\($0)".contains("secret") }, false)
  }

  @Test func theListenAddressTheHostsAndTheProxiesAreRead() throws {
    let options = ServerOptions(
      listenAddress: "0.0.0.0", allowedHosts: ["api.example", "10.0.0.5:8080"],
      trustedProxies: [IPv4Block("10.0.0.0/8")!, IPv4Block("192.0.2.7")!])
    #expect(
      try ServerCommandLine.parse([
        "--listen", "0.0.0.0", "--allowed-host", "api.example", "--allowed-host=10.0.0.5:8080",
        "--trusted-proxy", "10.0.0.0/8", "--trusted-proxy", "192.0.2.7",
      ]) == .serve(options))
    let configuration = options.httpConfiguration
    expectEqual(configuration.host, "0.0.0.0")
    expectEqual(configuration.port, 8080)
    expectEqual(
      configuration.hostPolicy, .serverAddress(alsoAccepting: ["api.example", "10.0.0.5:8080"]))
    expectEqual(configuration.trustedProxies, options.trustedProxies)
  }

  @Test func byDefaultOnlyThisMachineIsListenedToAndNoProxyIsBelieved() throws {
    let configuration = ServerOptions().httpConfiguration
    expectEqual(configuration.host, "127.0.0.1")
    expectEqual(configuration.hostPolicy, .serverAddress(alsoAccepting: []))
    expectEqual(configuration.trustedProxies, [])
  }

  @Test func aStarAnswersAnyHost() throws {
    guard case .serve(let options) = try ServerCommandLine.parse(["--allowed-host", "*"]) else {
      Issue.record("not served")
      return
    }
    expectEqual(options.httpConfiguration.hostPolicy, .any)
  }

  @Test func aDataDirectoryAndADatabaseCannotBeGivenTogether() {
    #expect(
      throws: UsageError("options '--data-dir' and '--database' cannot be used together")
    ) {
      try ServerCommandLine.parse(["--data-dir", "/tmp/x", "--database", "postgresql://db/app"])
    }
  }

  @Test func helpAndVersionAreAnsweredAsByTheOtherPrograms() throws {
    #expect(try ServerCommandLine.parse(["--version"]) == .text("friends-server 0.1.0"))
    let help = ServerCommandLine.program.helpText()
    #expect(try ServerCommandLine.parse(["--help"]) == .text(help))
    #expect(try ServerCommandLine.parse(["--port", "high", "-h"]) == .text(help))
    #expect(
      help.hasPrefix(
        "OVERVIEW: Serve the Friends HTTP API from the embedded store or PostgreSQL.\n"))
    // The usage line, whose wrapping depends on the program's name (renamed with the app).
    let usage = help.components(separatedBy: "\n\n").first { $0.hasPrefix("USAGE: ") } ?? ""
    #expect(
      usage.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        == "USAGE: friends-server [--port <n>] [--listen <address>] [--allowed-host <name> ...]"
        + " [--trusted-proxy <address> ...] [--data-dir <path>] [--database <url>]")
    #expect(help.contains("\n  --port <n>              The port to listen on (default 8080;"))
    #expect(
      help.hasSuffix(
        "  --version               Show the version.\n  -h, --help              Show help information."
      ))
  }

  @Test(arguments: [
    (["--port"], "option '--port' needs a value"),
    (["--port", "http"], "option '--port' needs a number from 0 to 65535, got 'http'"),
    (["--port", "70000"], "option '--port' needs a number from 0 to 65535, got '70000'"),
    (["--port=-1"], "option '--port' needs a number from 0 to 65535, got '-1'"),
    (["--data-dir="], "option '--data-dir' needs a path, not an empty value"),
    (["--verbose"], "unknown option '--verbose'"),
    (["--prot", "1"], "unknown option '--prot'; did you mean '--port'?"),
    (["serve"], "unexpected argument 'serve': 'friends-server' takes no arguments"),
    (
      ["--listen", "localhost"],
      "option '--listen' needs an IPv4 address such as 127.0.0.1 or 0.0.0.0, got 'localhost'"
    ),
    (
      ["--listen", "10.0.0.0/8"],
      "option '--listen' needs an IPv4 address such as 127.0.0.1 or 0.0.0.0, got '10.0.0.0/8'"
    ),
    (
      ["--listen", "127.0.0.256"],
      "option '--listen' needs an IPv4 address such as 127.0.0.1 or 0.0.0.0, got '127.0.0.256'"
    ),
    (
      ["--allowed-host", "api.example/x"],
      "option '--allowed-host' needs a host name, name:port or *, got 'api.example/x'"
    ),
    (
      ["--allowed-host", "api.example:0"],
      "option '--allowed-host' needs a host name, name:port or *, got 'api.example:0'"
    ),
    (
      ["--allowed-host", "api-.example"],
      "option '--allowed-host' needs a host name, name:port or *, got 'api-.example'"
    ),
    (
      ["--allowed-host", "api..example"],
      "option '--allowed-host' needs a host name, name:port or *, got 'api..example'"
    ),
    (
      ["--trusted-proxy", "10.0.0.1/8"],
      "option '--trusted-proxy' needs an IPv4 address or a block such as 10.0.0.0/8 (no bits "
        + "set past its length), got '10.0.0.1/8'"
    ),
    (
      ["--trusted-proxy", "proxy.internal"],
      "option '--trusted-proxy' needs an IPv4 address or a block such as 10.0.0.0/8 (no bits "
        + "set past its length), got 'proxy.internal'"
    ),
    (
      ["--listen", "0.0.0.0", "--listen", "127.0.0.1"], "option '--listen' was given more than once"
    ),
  ])
  func badArgumentsAreNamed(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try ServerCommandLine.parse(arguments) }
  }
}
