import CommandLineKit
import ReactiveTesting
import Testing

@Suite struct HelpFormatterTests {
  let program = SampleProgram.program

  @Test func programHelpListsOptionsAndCommands() {
    expectEqual(
      program.helpText(),
      """
      OVERVIEW: Keep track of your friends.

      USAGE: friends [<options>] <command>

      OPTIONS:
        --data-dir <path>       Where the data is kept.
        --no-color              Do not use colour in the output.
        --version               Show the version.
        -h, --help              Show help information.

      COMMANDS:
        login                   Log in to your account.
        list                    List your friends.
        show                    Show one friend.
        search                  Search friends by name.
        help                    Show help for a command.

      See 'friends help <command>' for detailed help.
      """)
  }

  @Test func commandHelpShowsArgumentsOptionsAndGlobalOptions() {
    expectEqual(
      program.helpText(for: SampleProgram.show),
      """
      OVERVIEW: Show one friend.

      USAGE: friends [<options>] show [--json] <id> [<field>]

      ARGUMENTS:
        <id>                    The friend's number.
        <field>                 Show only this field.

      OPTIONS:
        --json                  Print the result as JSON.
        -h, --help              Show help information.

      GLOBAL OPTIONS:
        --data-dir <path>       Where the data is kept.
        --no-color              Do not use colour in the output.
      """)
  }

  @Test func commandHelpShowsDiscussionAndShortForms() {
    expectEqual(
      program.helpText(for: SampleProgram.login),
      """
      OVERVIEW: Log in to your account.

      Asks for the email and the password when they are not given.

      USAGE: friends [<options>] login [--email <email>] [--json]

      OPTIONS:
        -e, --email <email>     The account's email address.
        --json                  Print the result as JSON.
        -h, --help              Show help information.

      GLOBAL OPTIONS:
        --data-dir <path>       Where the data is kept.
        --no-color              Do not use colour in the output.
      """)
  }

  @Test func longLabelsMoveHelpToTheNextLineAndLongHelpAndUsageWrap() {
    expectEqual(
      program.helpText(for: SampleProgram.list),
      """
      OVERVIEW: List your friends.

      USAGE: friends [<options>] list [--limit <limit>] [--tag <tag> ...]
                                      [--updated-since <timestamp>] [--json]
                                      [--verbose]

      OPTIONS:
        --limit <limit>         Show at most this many.
        --tag <tag>             Only friends with this tag. (repeatable)
        --updated-since <timestamp>
                                Only friends changed after this moment, written as an
                                ISO 8601 date and time such as 2024-05-01T12:00:00Z.
        --json                  Print the result as JSON.
        -v, --verbose           Show every field.
        -h, --help              Show help information.

      GLOBAL OPTIONS:
        --data-dir <path>       Where the data is kept.
        --no-color              Do not use colour in the output.
      """)
  }

  @Test func aDiscussionIsReflowedToEightyColumnsParagraphByParagraph() {
    let wordy = ProgramSpec(
      name: "wordy", version: "1",
      abstract: "An overview long enough to need a second line once the word OVERVIEW is in front.",
      discussion: """
        The first paragraph breaks its lines
        wherever it likes, and some of its lines are much longer than eighty columns, as this one is.

        A second paragraph.
        """,
      commands: [CommandSpec(name: "go", abstract: "Go.")])
    #expect(
      wordy.helpText().hasPrefix(
        """
        OVERVIEW: An overview long enough to need a second line once the word OVERVIEW
                  is in front.

        The first paragraph breaks its lines wherever it likes, and some of its lines
        are much longer than eighty columns, as this one is.

        A second paragraph.

        USAGE: wordy [<options>] <command>
        """))
  }

  @Test func programWithoutGlobalOptionsHasNoGlobalSection() {
    let tiny = ProgramSpec(
      name: "tiny", version: "1", abstract: "A tiny tool.",
      commands: [CommandSpec(name: "go", abstract: "Go.")])
    expectEqual(
      tiny.helpText(for: tiny.commands[0]),
      """
      OVERVIEW: Go.

      USAGE: tiny go

      OPTIONS:
        -h, --help              Show help information.
      """)
    #expect(tiny.helpText(for: ProgramSpec.helpCommand).contains("USAGE: tiny help [<command>]"))
  }

  @Test func emptyHelpLeavesTheLabelAlone() {
    let program = ProgramSpec(
      name: "p", version: "1", abstract: "P.",
      commands: [
        CommandSpec(name: "c", abstract: "C.", flags: [FlagSpec("quiet", short: "q", help: "")])
      ])
    #expect(program.helpText(for: program.commands[0]).contains("\n  -q, --quiet\n  -h, --help"))
  }
}
