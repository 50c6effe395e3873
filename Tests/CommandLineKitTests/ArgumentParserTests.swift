import CommandLineKit
import ReactiveTesting
import Testing

@Suite struct ArgumentParserTests {
  typealias Sample = SampleProgram

  @Test func optionValueMayFollowOrBeJoinedWithEquals() throws {
    #expect(
      try Sample.command("login --email ada@example.com").options == ["email": ["ada@example.com"]])
    #expect(try Sample.command("login --email=ada@example.com").value("email") == "ada@example.com")
    #expect(try Sample.command("login -e ada@example.com").value("email") == "ada@example.com")
    #expect(try Sample.command("login --email=").value("email") == "")
  }

  @Test func flagsAreRecordedByLongName() throws {
    let parsed = try Sample.command("list -v --json")
    expectEqual(parsed, ParsedCommand(name: "list", flags: ["json", "verbose"]))
    #expect(parsed.isSet("verbose") && !parsed.isSet("no-color"))
  }

  @Test func repeatableOptionKeepsEveryValueInOrder() throws {
    let parsed = try Sample.command("list --tag work --tag=school --tag home")
    expectEqual(parsed.values("tag"), ["work", "school", "home"])
    expectEqual(parsed.value("tag"), "home")
    expectEqual(parsed.values("limit"), [])
  }

  @Test func nonRepeatableOptionGivenTwiceIsAnError() {
    #expect(throws: UsageError("option '--email' was given more than once", command: "login")) {
      try Sample.parse("login -e a@example.com --email b@example.com")
    }
  }

  @Test func globalOptionsWorkBeforeAndAfterTheCommand() throws {
    let before = try Sample.command("--data-dir /tmp/a --no-color list")
    let after = try Sample.command("list --no-color --data-dir=/tmp/a")
    expectEqual(before, after)
    #expect(before.value("data-dir") == "/tmp/a" && before.isSet("no-color"))
  }

  @Test func positionalsAreNamedInDeclaredOrder() throws {
    let parsed = try Sample.command("show 7 phone")
    expectEqual(parsed.positionals, ["7", "phone"])
    expectEqual(parsed.arguments, ["id": "7", "field": "phone"])
    #expect(try parsed.int("id") == 7)
    #expect(try parsed.string("field") == "phone")
    let withoutField = try Sample.command("show 7")
    #expect(withoutField.value("field") == nil)
  }

  @Test func doubleDashEndsOptions() throws {
    let parsed = try Sample.command("search -- --json")
    expectEqual(parsed.arguments, ["query": "--json"])
    #expect(parsed.flags.isEmpty)
    #expect(try Sample.command("search -- -h").value("query") == "-h")
  }

  @Test func negativeNumbersAndLoneDashAreValues() throws {
    #expect(try Sample.command("show -3").value("id") == "-3")
    #expect(try Sample.command("list --limit -1").value("limit") == "-1")
    #expect(try Sample.command("search -").value("query") == "-")
  }

  @Test func unknownOptionSuggestsTheClosestOne() {
    #expect(
      throws: UsageError("unknown option '--emial'; did you mean '--email'?", command: "login")
    ) {
      try Sample.parse("login --emial ada@example.com")
    }
    #expect(
      throws: UsageError("unknown option '-email'; did you mean '--email'?", command: "login")
    ) {
      try Sample.parse("login -email ada@example.com")
    }
    #expect(
      throws: UsageError("unknown option '--data-dri'; did you mean '--data-dir'?", command: "show")
    ) {
      try Sample.parse("show 1 --data-dri=/tmp")
    }
  }

  @Test func unknownOptionWithNothingCloseHasNoSuggestion() {
    #expect(throws: UsageError("unknown option '--colour'", command: "list")) {
      try Sample.parse("list --colour")
    }
    #expect(throws: UsageError("unknown option '-x'", command: nil)) {
      try Sample.parse("-x list")
    }
  }

  @Test func commandOptionsAreNotAcceptedBeforeTheCommand() {
    #expect(throws: UsageError("unknown option '--json'", command: nil)) {
      try Sample.parse("--json list")
    }
  }

  @Test func unknownCommandSuggestsTheClosestOne() {
    #expect(throws: UsageError("unknown command 'lst'; did you mean 'list'?")) {
      try Sample.parse("lst")
    }
    #expect(throws: UsageError("unknown command 'serach'; did you mean 'search'?")) {
      try Sample.parse("--no-color serach ada")
    }
    #expect(throws: UsageError("unknown command 'frobnicate'")) {
      try Sample.parse("frobnicate")
    }
  }

  @Test func optionWithoutValueIsAnError() {
    #expect(throws: UsageError("option '--email' needs a value", command: "login")) {
      try Sample.parse("login --email")
    }
    #expect(throws: UsageError("option '-e' needs a value", command: "login")) {
      try Sample.parse("login -e --json")
    }
    #expect(throws: UsageError("option '--data-dir' needs a value", command: "list")) {
      try Sample.parse("list --data-dir -- x")
    }
  }

  @Test func flagWithValueIsAnError() {
    #expect(throws: UsageError("flag '--json' does not take a value", command: "list")) {
      try Sample.parse("list --json=yes")
    }
  }

  @Test func missingRequiredArgumentIsAnError() {
    #expect(throws: UsageError("missing argument '<id>'", command: "show")) {
      try Sample.parse("show --json")
    }
  }

  @Test func tooManyArgumentsIsAnError() {
    #expect(
      throws: UsageError(
        "unexpected argument 'extra': 'friends show' takes at most 2 arguments", command: "show")
    ) {
      try Sample.parse("show 1 phone extra")
    }
    #expect(
      throws: UsageError(
        "unexpected argument 'ada': 'friends search' takes at most 1 argument", command: "search")
    ) {
      try Sample.parse("search grace ada")
    }
    #expect(
      throws: UsageError(
        "unexpected argument 'all': 'friends list' takes no arguments", command: "list")
    ) {
      try Sample.parse("list all")
    }
  }

  @Test func integerArgumentsAndOptionsRejectOtherText() {
    #expect(throws: UsageError("argument '<id>' must be an integer, got 'ada'", command: "show")) {
      try Sample.parse("show ada")
    }
    #expect(throws: UsageError("option '--limit' must be an integer, got 'ten'", command: "list")) {
      try Sample.parse("list --limit ten")
    }
    #expect(throws: UsageError("option '--limit' must be an integer, got '2.5'", command: "list")) {
      try Sample.parse("list --limit=2.5")
    }
  }

  @Test func helpFormsAllGiveTheSameText() throws {
    let expected = ParseResult.help(SampleProgram.program.helpText(for: SampleProgram.show))
    for line in [
      "show --help", "show -h", "help show", "-h show", "show 1 --help", "show --json -h",
    ] {
      #expect(try Sample.parse(line) == expected, "\(line)")
    }
  }

  @Test func helpWinsOverMistakesOnTheSameLine() throws {
    let showHelp = ParseResult.help(SampleProgram.program.helpText(for: SampleProgram.show))
    #expect(try Sample.parse("show ada --bogus --help") == showHelp)
    #expect(try Sample.parse("show --help 1 2 3") == showHelp)
    let programHelp = ParseResult.help(SampleProgram.program.helpText())
    #expect(try Sample.parse("lst --help") == programHelp)
  }

  @Test func programHelpForBareHelp() throws {
    let programHelp = ParseResult.help(SampleProgram.program.helpText())
    #expect(try Sample.parse("--help") == programHelp)
    #expect(try Sample.parse("-h") == programHelp)
    #expect(try Sample.parse("help") == programHelp)
  }

  @Test func noCommandIsAUsageError() {
    for line in ["", "--data-dir /tmp", "--data-dir list"] {
      #expect(throws: UsageError.self, "\(line)") { try Sample.parse(line) }
    }
  }

  @Test func helpForAnUnknownCommandSuggests() {
    #expect(throws: UsageError("unknown command 'shw'; did you mean 'show'?", command: "help")) {
      try Sample.parse("help shw")
    }
  }

  @Test func versionIsAnsweredByTheProgramOnly() throws {
    #expect(try Sample.parse("--version") == .version("friends 1.2.0"))
    #expect(try Sample.parse("--no-color --version") == .version("friends 1.2.0"))
    #expect(throws: UsageError("unknown option '--version'", command: "list")) {
      try Sample.parse("list --version")
    }
  }

  @Test func typedAccessorsExplainWhatIsWrong() throws {
    let parsed = ParsedCommand(
      name: "edit", options: ["limit": ["many"]], arguments: ["id": "x7"])
    #expect(throws: UsageError("option '--limit' must be an integer, got 'many'", command: "edit"))
    {
      try parsed.optionalInt("limit")
    }
    #expect(throws: UsageError("argument '<id>' must be an integer, got 'x7'", command: "edit")) {
      try parsed.int("id")
    }
    #expect(throws: UsageError("missing argument '<name>'", command: "edit")) {
      try parsed.string("name")
    }
    #expect(throws: UsageError("missing argument '<page>'", command: "edit")) {
      try parsed.int("page")
    }
    #expect(try parsed.optionalInt("page") == nil)
  }
}
