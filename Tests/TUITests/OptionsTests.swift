import Foundation
import Testing

@testable import FriendsTUI

/// The command line of `friends-tui`.
@Suite struct OptionsTests {
  @Test func noArgumentsRunsWithTheDefaults() throws {
    #expect(try Options.parse([]) == Options())
  }

  @Test func everyOptionIsRead() throws {
    let options = try Options.parse(["--data-dir", "/tmp/f", "--latency=250", "--no-color"])
    #expect(options.dataDirectory == "/tmp/f")
    #expect(options.latencyMilliseconds == 250)
    #expect(options.noColor)
    let remote = try Options.parse(["--server=http://127.0.0.1:8080"])
    #expect(remote.server == URL(string: "http://127.0.0.1:8080"))
  }

  @Test func helpWinsOverMistakesAndVersionIsRecognised() throws {
    #expect(try Options.parse(["--bogus", "-h"]).action == .help)
    #expect(try Options.parse(["--help"]).action == .help)
    #expect(try Options.parse(["--version"]).action == .version)
    #expect(Options.helpText.contains("--data-dir PATH"))
  }

  @Test(arguments: [
    (
      ["--latency", "soon"], "--latency needs a number of milliseconds from 0 to 60000, not 'soon'"
    ),
    (["--latency", "-5"], "--latency needs a number of milliseconds from 0 to 60000, not '-5'"),
    (["--data-dir"], "--data-dir needs a value"),
    (["--data-dir", "--no-color"], "--data-dir needs a value"),
    (
      ["--server", "ftp://example.com"],
      "--server needs an http or https URL, like http://127.0.0.1:8080"
    ),
    (["--frobnicate"], "unknown option '--frobnicate'"),
    (["list"], "unexpected argument 'list'"),
    (
      ["--server", "http://h", "--latency", "5"],
      "--latency works only with the data on this machine, not with --server"
    ),
  ])
  func mistakesAreNamed(words: [String], message: String) {
    #expect(throws: OptionsError(message)) { try Options.parse(words) }
  }

  @Test func theDataDirectoryFollowsTheOptionThenTheEnvironment() {
    let environment = ["FRIENDS_DATA_DIR": "/env/friends", "HOME": "/home/ada"]
    #expect(Options().dataDirectory(environment: environment).url.path == "/env/friends")
    #expect(
      Options(dataDirectory: "/opt/f").dataDirectory(environment: environment).url.path
        == "/opt/f")
    #expect(
      Options().dataDirectory(environment: ["HOME": "/home/ada"]).url.path
        == "/home/ada/.local/share/friends")
  }
}
