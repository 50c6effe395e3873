import CommandLineKit
import Foundation
import ReactiveTesting
import Testing

@testable import FriendsTUI

/// The command line of `friends-tui`.
@Suite struct OptionsTests {
  @Test func noArgumentsRunsWithTheDefaults() throws {
    #expect(try Options.parse([]) == Options())
  }

  @Test func everyOptionIsRead() throws {
    let options = try Options.parse(["--data-dir", "/tmp/f", "--latency=250", "--no-color"])
    expectEqual(options.dataDirectory, "/tmp/f")
    expectEqual(options.latencyMilliseconds, 250)
    #expect(options.noColor)
    let remote = try Options.parse(["--server=http://127.0.0.1:8080"])
    expectEqual(remote.server, URL(string: "http://127.0.0.1:8080"))
  }

  @Test func helpWinsOverMistakesAndVersionIsRecognised() throws {
    #expect(try Options.parse(["--bogus", "-h"]).action == .help)
    #expect(try Options.parse(["--help"]).action == .help)
    #expect(try Options.parse(["--version"]).action == .version)
    expectEqual(Options.program.version, "friends-tui 0.1.0")
  }

  @Test func theHelpHasTheLayoutOfTheOtherPrograms() {
    let help = Options.helpText
    #expect(help.hasPrefix("OVERVIEW: The Friends app, full screen in the terminal.\n\n"))
    // The usage line, wrapped to 80 columns like every line of the help.
    let usage = help.components(separatedBy: "\n\n").first { $0.hasPrefix("USAGE: ") }
    #expect(
      usage?.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        == "USAGE: friends-tui [--data-dir <path>] [--server <url>] [--latency <ms>] [--local]"
        + " [--no-color] [--no-mouse]")
    expectEqual(usage?.contains("\n"), true)
    #expect(help.split(separator: "\n").allSatisfy { $0.count <= 80 })
    #expect(help.contains("\nOPTIONS:\n  --data-dir <path>       Use the data in <path>"))
    #expect(help.contains("\n  --no-mouse              Leave the mouse to the terminal"))
    #expect(
      help.hasSuffix(
        "  --version               Show the version.\n  -h, --help              Show help information."
      ))
  }

  @Test(arguments: [
    (
      ["--latency", "soon"],
      "option '--latency' needs a number of milliseconds from 0 to 60000, got 'soon'"
    ),
    (
      ["--latency", "-5"],
      "option '--latency' needs a number of milliseconds from 0 to 60000, got '-5'"
    ),
    (
      ["--latency", "1e16"],
      "option '--latency' needs a number of milliseconds from 0 to 60000, got '1e16'"
    ),
    (["--data-dir"], "option '--data-dir' needs a value"),
    (["--data-dir", "--no-color"], "option '--data-dir' needs a value"),
    (["--data-dir="], "option '--data-dir' needs a path, not an empty value"),
    (["--data-dir", ""], "option '--data-dir' needs a path, not an empty value"),
    (
      ["--data-dir", "~ada/x"],
      "option '--data-dir' starts with '~ada', which the shell did not expand: give the full path"
    ),
    (
      ["--server", "ftp://example.com"],
      "option '--server' needs an http or https URL, like http://127.0.0.1:8080, got 'ftp://example.com'"
    ),
    (["--frobnicate"], "unknown option '--frobnicate'"),
    (["--no-mose"], "unknown option '--no-mose'; did you mean '--no-mouse'?"),
    (["list"], "unexpected argument 'list': 'friends-tui' takes no arguments"),
    (
      ["--server", "http://h", "--latency", "5"],
      "option '--latency' works only with the data on this machine, not with '--server'"
    ),
  ])
  func mistakesAreNamed(words: [String], message: String) {
    #expect(throws: UsageError(message)) { try Options.parse(words) }
  }

  @Test func aMistakeIsReportedAsTheOtherProgramsReportIt() throws {
    let output = BufferOutput()
    let errors = BufferOutput()
    let console = Console(output: output, errors: errors)
    guard case .finished(let code) = Options.program.prepare(["--nope"], console: console) else {
      Issue.record("a bad option was accepted")
      return
    }
    expectEqual(code, .usage)
    #expect(output.text.isEmpty)
    expectEqual(
      errors.text,
      """
      error: unknown option '--nope'
      Usage: friends-tui [--data-dir <path>] [--server <url>] [--latency <ms>] [--local] [--no-color] [--no-mouse]
      See 'friends-tui --help' for more information.

      """)
  }

  @Test func aTildeTheShellLeftIsExpandedWithHome() throws {
    let options = try Options.parse(["--data-dir", "~/x"], environment: ["HOME": "/home/ada"])
    expectEqual(options.dataDirectory, "/home/ada/x")
  }

  @Test func theDataDirectoryFollowsTheOptionThenTheEnvironment() {
    let environment = ["FRIENDS_DATA_DIR": "/env/friends", "HOME": "/home/ada"]
    expectEqual(Options().dataDirectory(environment: environment).url.path, "/env/friends")
    expectEqual(
      Options(dataDirectory: "/opt/f").dataDirectory(environment: environment).url.path, "/opt/f")
    expectEqual(
      Options().dataDirectory(environment: ["HOME": "/home/ada"]).url.path,
      "/home/ada/.local/share/friends")
  }
}
