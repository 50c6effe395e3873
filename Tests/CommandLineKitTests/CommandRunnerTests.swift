import CommandLineKit
import ReactiveTesting
import Testing

@Suite struct CommandRunnerTests {
  struct ServerError: Error, CustomStringConvertible {
    var description: String { "the server said no" }
  }

  /// A console over two buffers; `colour` makes standard error use colour.
  struct Harness {
    let output = BufferOutput()
    let errors = BufferOutput(isTerminal: true)
    let console: Console

    init(colour: Bool = false) {
      console = Console(
        output: output, errors: errors, errorStyle: OutputStyle(usesColor: colour))
    }

    func run(
      _ line: String, execute: (ParsedCommand) async throws -> ExitCode = { _ in .success }
    ) async -> ExitCode {
      let words = line.split(separator: " ").map(String.init)
      return await SampleProgram.program.run(words, console: console, execute: execute)
    }
  }

  @Test func helpAndVersionGoToStandardOutput() async {
    let harness = Harness()
    #expect(await harness.run("help show") == .success)
    #expect(await harness.run("--version") == .success)
    let showHelp = SampleProgram.program.helpText(for: SampleProgram.show)
    #expect(harness.output.text == showHelp + "\n" + "friends 1.2.0\n")
    expectEqual(harness.errors.text, "")
  }

  @Test func parsedCommandIsHandedToExecute() async {
    let harness = Harness()
    var received: [ParsedCommand] = []
    let code = await harness.run("show 4 --json") { command in
      received.append(command)
      return .success
    }
    expectEqual(code, .success)
    expectEqual(received.map(\.name), ["show"])
    expectEqual(received.first?.arguments, ["id": "4"])
  }

  @Test func usageErrorPrintsUsageAndExits64WithoutRunning() async {
    let harness = Harness()
    var ran = false
    let code = await harness.run("login --emial ada@example.com") { _ in
      ran = true
      return .success
    }
    #expect(code == .usage && !ran)
    expectEqual(harness.output.text, "")
    expectEqual(
      harness.errors.text,
      """
      error: unknown option '--emial'; did you mean '--email'?
      Usage: friends [<options>] login [--email <email>] [--json]
      See 'friends login --help' for more information.

      """)
  }

  @Test func unknownCommandPointsAtProgramHelp() async {
    let harness = Harness()
    #expect(await harness.run("lst") == .usage)
    expectEqual(
      harness.errors.text,
      """
      error: unknown command 'lst'; did you mean 'list'?
      Usage: friends [<options>] <command>
      See 'friends --help' for more information.

      """)
  }

  @Test func usageErrorFromTheCommandIsAboutThatCommand() async {
    let harness = Harness()
    let code = await harness.run("login") { _ in
      throw UsageError("cannot ask for Email: standard input is not a terminal; pass --email")
    }
    expectEqual(code, .usage)
    expectEqual(
      harness.errors.text,
      """
      error: cannot ask for Email: standard input is not a terminal; pass --email
      Usage: friends [<options>] login [--email <email>] [--json]
      See 'friends login --help' for more information.

      """)
  }

  @Test func otherErrorsPrintTheirDescriptionAndExit1() async {
    let harness = Harness()
    #expect(await harness.run("list") { _ in throw ServerError() } == .failure)
    expectEqual(harness.errors.text, "error: the server said no\n")
  }

  @Test func interruptionExits130Silently() async {
    let harness = Harness()
    #expect(await harness.run("login") { _ in throw InterruptedError() } == .interrupted)
    #expect(harness.errors.text == "" && harness.output.text == "")
  }

  @Test func commandsChooseTheirOwnExitCode() async {
    let harness = Harness()
    #expect(await harness.run("list") { _ in .failure } == .failure)
  }

  @Test func errorsAreColouredUnlessNoColorIsGiven() async {
    let coloured = Harness(colour: true)
    _ = await coloured.run("list") { _ in throw ServerError() }
    expectEqual(
      coloured.errors.text, "\u{1B}[1m\u{1B}[31merror:\u{1B}[0m\u{1B}[0m the server said no\n")

    let plain = Harness(colour: true)
    _ = await plain.run("--no-color list") { _ in throw ServerError() }
    expectEqual(plain.errors.text, "error: the server said no\n")

    let plainUsage = Harness(colour: true)
    _ = await plainUsage.run("lst --no-color")
    #expect(plainUsage.errors.text.hasPrefix("error: unknown command 'lst'"))
  }

  @Test func synchronousRunReportsLikeTheAsynchronousOne() {
    let harness = Harness()
    let words = ["--no-color", "login"]
    var ran: [String] = []
    let code = SampleProgram.program.runSynchronously(words, console: harness.console) {
      command in
      ran.append(command.name)
      throw UsageError("cannot ask for Email: standard input is not a terminal; pass --email")
    }
    #expect(code == .usage && ran == ["login"])
    expectEqual(
      harness.errors.text,
      """
      error: cannot ask for Email: standard input is not a terminal; pass --email
      Usage: friends [<options>] login [--email <email>] [--json]
      See 'friends login --help' for more information.

      """)
    let failed = SampleProgram.program.runSynchronously(["list"], console: harness.console) {
      _ in throw ServerError()
    }
    let interrupted = SampleProgram.program.runSynchronously(["list"], console: harness.console) {
      _ in throw InterruptedError()
    }
    let help = SampleProgram.program.runSynchronously(["help", "show"], console: harness.console) {
      _ in .failure
    }
    #expect(failed == .failure && interrupted == .interrupted && help == .success)
    #expect(harness.errors.text.hasSuffix("error: the server said no\n"))
    #expect(harness.output.text == SampleProgram.program.helpText(for: SampleProgram.show) + "\n")
  }

  @Test(arguments: [
    (ExitCode.success, Int32(0)), (.failure, 1), (.usage, 64), (.interrupted, 130),
  ])
  func exitCodesHaveConventionalValues(code: ExitCode, value: Int32) {
    expectEqual(code.rawValue, value)
  }

  @Test func exitCodeFollowsTheErrorKind() {
    expectEqual(ExitCode(for: UsageError("bad")), .usage)
    expectEqual(ExitCode(for: InterruptedError()), .interrupted)
    expectEqual(ExitCode(for: ServerError()), .failure)
  }
}
