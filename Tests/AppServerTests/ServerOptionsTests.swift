import AppServer
import CommandLineKit
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

  @Test func helpAndVersionAreAnsweredAsByTheOtherPrograms() throws {
    #expect(try ServerCommandLine.parse(["--version"]) == .text("friends-server 0.1.0"))
    let help = ServerCommandLine.program.helpText()
    #expect(try ServerCommandLine.parse(["--help"]) == .text(help))
    #expect(try ServerCommandLine.parse(["--port", "high", "-h"]) == .text(help))
    #expect(help.hasPrefix("OVERVIEW: Serve the Friends HTTP API from the embedded store."))
    #expect(help.contains("\nUSAGE: friends-server [--port <n>] [--data-dir <path>]\n"))
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
  ])
  func badArgumentsAreNamed(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try ServerCommandLine.parse(arguments) }
  }
}
