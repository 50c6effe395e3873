import AppComposition
import CommandLineKit
import Foundation
import ReactiveCore
import ReactiveTesting
import Testing

@testable import FriendsCLI

/// The command line of every command: what parses, what each value becomes, and the usage
/// error for each kind of bad input.
@Suite @MainActor struct ArgumentSpecTests {
  static func parse(_ words: [String]) throws(UsageError) -> ParsedCommand {
    guard case .command(let command) = try Program.spec.parse(words) else {
      throw UsageError("not a command: \(words)")
    }
    return command
  }

  static func command(_ line: String) throws -> any Command {
    try Program.makeCommand(parse(line.split(separator: " ").map(String.init)))
  }

  static func usageError(_ words: [String]) -> String? {
    do {
      let parsed = try parse(words)
      _ = try GlobalOptions(parsed, environment: [:])
      _ = try Program.makeCommand(parsed)
      return nil
    } catch {
      return error.message
    }
  }

  @Test func everyCommandIsDeclaredOnceInHelpOrder() {
    let names = Program.spec.allCommands.map(\.name)
    var expected = ["login", "logout", "whoami", "reset-password"]
    for commands in Program.features {
      for command in commands { expected.append(command.spec.name) }
    }
    #expect(names == expected + ["help"])
    expectEqual(Set(names).count, names.count)
  }

  @Test func loginTakesEmailAndPasswordLongOrShort() throws {
    let long = try #require(
      try Self.command("login --email ada@example.com --password secret1!") as? LoginCommand)
    #expect(long.email == "ada@example.com" && long.password == "secret1!")
    let short = try #require(try Self.command("login -e a@b.c -p=xyz") as? LoginCommand)
    #expect(short.email == "a@b.c" && short.password == "xyz")
    let none = try #require(try Self.command("login") as? LoginCommand)
    #expect(none.email == nil && none.password == nil)
  }

  @Test func resetPasswordNeedsTheEmail() throws {
    #expect(
      (try Self.command("reset-password ada@example.com") as? ResetPasswordCommand)?.email
        == "ada@example.com")
    expectEqual(Self.usageError(["reset-password"]), "missing argument '<email>'")
  }

  @Test func unknownCommandsAndOptionsSuggestTheClosest() {
    expectEqual(Self.usageError(["logut"]), "unknown command 'logut'; did you mean 'logout'?")
    expectEqual(Self.usageError(["whoam"]), "unknown command 'whoam'; did you mean 'whoami'?")
    expectEqual(Self.usageError(["frobnicate"]), "unknown command 'frobnicate'")
    expectEqual(
      Self.usageError(["whoami", "--jsn"]), "unknown option '--jsn'; did you mean '--json'?")
    expectEqual(
      Self.usageError(["--sever", "http://x", "whoami"]),
      "unknown option '--sever'; did you mean '--server'?")
    expectEqual(
      Self.usageError(["help", "lgoin"]), "unknown command 'lgoin'; did you mean 'login'?")
  }

  @Test func globalOptionsGoAnywhereBeforeTheEnd() throws {
    let parsed = try Self.parse([
      "--json", "whoami", "--data-dir", "/tmp/x", "--latency", "250", "--no-color",
    ])
    let options = try GlobalOptions(parsed, environment: [:])
    #expect(options.json && options.noColor)
    expectEqual(
      options.backend,
      .local(
        directory: DataDirectory(
          url: URL(fileURLWithPath: "/tmp/x", isDirectory: true), source: .explicit),
        latency: .milliseconds(250)))
  }

  @Test func theDataDirectoryFollowsTheEnvironment() throws {
    let parsed = try Self.parse(["whoami"])
    let fromVariable = try GlobalOptions(
      parsed, environment: ["FRIENDS_DATA_DIR": "/data/f", "HOME": "/home/u"])
    expectEqual(
      fromVariable.backend,
      .local(
        directory: DataDirectory.resolve(environment: ["FRIENDS_DATA_DIR": "/data/f"]),
        latency: nil))
    let fromHome = try GlobalOptions(parsed, environment: ["HOME": "/home/u"])
    guard case .local(let directory, nil) = fromHome.backend else {
      Issue.record("expected the local store")
      return
    }
    expectEqual(directory.url.path, "/home/u/.local/share/friends")
  }

  @Test func anEmptyDataDirectoryIsAMistakeAndATildeIsExpandedWithHome() throws {
    expectEqual(
      Self.usageError(["--data-dir", "", "whoami"]),
      "option '--data-dir' needs a path, not an empty value")
    expectEqual(
      Self.usageError(["--data-dir=", "whoami"]),
      "option '--data-dir' needs a path, not an empty value")
    let parsed = try Self.parse(["whoami"])
    #expect(throws: UsageError("FRIENDS_DATA_DIR is set but empty: give it a path, or unset it")) {
      try GlobalOptions(parsed, environment: ["FRIENDS_DATA_DIR": "", "HOME": "/home/u"])
    }
    let home = ["HOME": "/home/u"]
    let quoted = try GlobalOptions(Self.parse(["--data-dir", "~/x", "whoami"]), environment: home)
    expectEqual(
      quoted.backend,
      .local(
        directory: DataDirectory(
          url: URL(fileURLWithPath: "/home/u/x", isDirectory: true), source: .explicit),
        latency: nil))
    let variable = try GlobalOptions(
      parsed, environment: ["FRIENDS_DATA_DIR": "~/y", "HOME": "/home/u"])
    expectEqual(
      variable.backend,
      .local(
        directory: DataDirectory(
          url: URL(fileURLWithPath: "/home/u/y", isDirectory: true), source: .environmentOverride),
        latency: nil))
  }

  @Test func theServerIsAnHTTPURL() throws {
    let parsed = try Self.parse(["--server", "http://127.0.0.1:8080", "whoami"])
    #expect(
      try GlobalOptions(parsed, environment: ["HOME": "/home/u"]).backend
        == .remote(
          url: URL(string: "http://127.0.0.1:8080")!,
          directory: DataDirectory(
            url: URL(fileURLWithPath: "/home/u/.local/share/friends", isDirectory: true),
            source: .home)))
    // The session's token is kept in the data directory, which may be chosen.
    let chosen = try Self.parse(["--server", "http://h", "--data-dir", "/x", "whoami"])
    #expect(
      try GlobalOptions(chosen, environment: [:]).backend
        == .remote(
          url: URL(string: "http://h")!,
          directory: DataDirectory(
            url: URL(fileURLWithPath: "/x", isDirectory: true), source: .explicit)))
    expectEqual(
      Self.usageError(["--server", "localhost:8080", "whoami"]),
      "option '--server' needs an http:// or https:// URL, got 'localhost:8080'")
    expectEqual(
      Self.usageError(["--server", "ftp://host", "whoami"]),
      "option '--server' needs an http:// or https:// URL, got 'ftp://host'")
    expectEqual(
      Self.usageError(["--server", "http://h", "--latency", "5", "whoami"]),
      "option '--latency' applies to the local data only, not to the server http://h")
  }

  @Test func latencyIsAWholeNumberOfMillisecondsUpToAMinute() {
    expectEqual(
      Self.usageError(["--latency", "-5", "whoami"]),
      "option '--latency' needs a number of milliseconds from 0 to 60000, got '-5'")
    expectEqual(
      Self.usageError(["--latency", "99999999999", "whoami"]),
      "option '--latency' needs a number of milliseconds from 0 to 60000, got '99999999999'")
    #expect(Self.usageError(["--latency", "60000", "whoami"]) == nil)
    expectEqual(
      Self.usageError(["--latency", "fast", "whoami"]),
      "option '--latency' must be an integer, got 'fast'")
    expectEqual(Self.usageError(["--latency"]), "option '--latency' needs a value")
  }

  @Test(arguments: ["login", "logout", "whoami", "reset-password"])
  func helpIsTheSameThreeWays(command: String) throws {
    let texts = try [["help", command], [command, "-h"], [command, "--help"]].map { words in
      guard case .help(let text) = try Program.spec.parse(words) else { return "" }
      return text
    }
    #expect(texts[0].hasPrefix("OVERVIEW: "))
    #expect(texts.allSatisfy { $0 == texts[0] })
  }

  @Test func versionAndNoCommandNeedNoData() throws {
    #expect(try Program.spec.parse(["--version"]) == .version("friends 0.1.0"))
    #expect(throws: UsageError.self) { try Program.spec.parse([]) }
  }
}
