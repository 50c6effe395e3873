import CommandLineKit
import ReactiveTesting
import Testing

/// A program without commands (`tool [--port <n>] [--quiet] [<file>]`): its words are its
/// main command's, and its help, usage line and errors name the program alone.
@Suite struct ProgramWithoutCommandsTests {
  static let program = ProgramSpec(
    name: "tool", version: "tool 2.0", abstract: "Do one thing.",
    options: [OptionSpec("port", valueName: "n", kind: .integer, help: "The port.")],
    flags: [FlagSpec("quiet", help: "Say nothing.")],
    arguments: [.optional("file", help: "The file.")])

  @Test func itsWordsAreTheMainCommands() throws {
    guard case .command(let parsed) = try Self.program.parse(["--port", "80", "--quiet", "a"])
    else {
      Issue.record("not parsed as a command line")
      return
    }
    expectEqual(parsed.value("port"), "80")
    #expect(parsed.isSet("quiet"))
    expectEqual(parsed.value("file"), "a")
    #expect(try Self.program.parse([]) == .command(ParsedCommand(name: "tool")))
  }

  @Test func helpAndVersionNameTheProgramAlone() throws {
    #expect(try Self.program.parse(["--version"]) == .version("tool 2.0"))
    let help = """
      OVERVIEW: Do one thing.

      USAGE: tool [--port <n>] [--quiet] [<file>]

      ARGUMENTS:
        <file>                  The file.

      OPTIONS:
        --port <n>              The port.
        --quiet                 Say nothing.
        --version               Show the version.
        -h, --help              Show help information.
      """
    #expect(try Self.program.parse(["-h"]) == .help(help))
    #expect(try Self.program.parse(["--bad", "--help"]) == .help(help))
    expectEqual(Self.program.helpText(), help)
    // There is no `help` command: the word is an argument.
    guard case .command(let parsed) = try Self.program.parse(["help"]) else {
      Issue.record("'help' was not taken as the file")
      return
    }
    expectEqual(parsed.value("file"), "help")
  }

  @Test func aMistakeIsReportedWithTheProgramsUsageAndStatus64() {
    let output = BufferOutput()
    let errors = BufferOutput()
    let console = Console(output: output, errors: errors)
    guard case .finished(let code) = Self.program.prepare(["a", "b"], console: console) else {
      Issue.record("two files were accepted")
      return
    }
    expectEqual(code, .usage)
    #expect(output.text.isEmpty)
    expectEqual(
      errors.text,
      """
      error: unexpected argument 'b': 'tool' takes at most 1 argument
      Usage: tool [--port <n>] [--quiet] [<file>]
      See 'tool --help' for more information.

      """)
    let later = BufferOutput()
    Self.program.report(
      UsageError("option '--port' needs a free port"),
      console: Console(output: output, errors: later))
    #expect(later.text.hasPrefix("error: option '--port' needs a free port\nUsage: tool [--port"))
  }

  @Test func theVersionAndSuggestionsWorkBeforeAnyWord() {
    #expect(throws: UsageError("unknown option '--prot'; did you mean '--port'?")) {
      try Self.program.parse(["--prot", "1"])
    }
    #expect(throws: UsageError("unknown option '--versoin'; did you mean '--version'?")) {
      try Self.program.parse(["--versoin"])
    }
  }
}
