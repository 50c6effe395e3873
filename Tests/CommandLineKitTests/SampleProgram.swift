import CommandLineKit

/// A small program shaped like the Friends command line, used by the parser, help and
/// runner tests.
enum SampleProgram {
  static let json = FlagSpec("json", help: "Print the result as JSON.")

  static let login = CommandSpec(
    name: "login", abstract: "Log in to your account.",
    discussion: "Asks for the email and the password when they are not given.",
    options: [OptionSpec("email", short: "e", help: "The account's email address.")],
    flags: [json])

  static let list = CommandSpec(
    name: "list", abstract: "List your friends.",
    options: [
      OptionSpec("limit", kind: .integer, help: "Show at most this many."),
      OptionSpec("tag", repeatable: true, help: "Only friends with this tag."),
      OptionSpec(
        "updated-since", valueName: "timestamp",
        help:
          "Only friends changed after this moment, written as an ISO 8601 date and time such as 2024-05-01T12:00:00Z."
      ),
    ],
    flags: [json, FlagSpec("verbose", short: "v", help: "Show every field.")])

  static let show = CommandSpec(
    name: "show", abstract: "Show one friend.",
    arguments: [
      .required("id", kind: .integer, help: "The friend's number."),
      .optional("field", help: "Show only this field."),
    ],
    flags: [json])

  static let search = CommandSpec(
    name: "search", abstract: "Search friends by name.",
    arguments: [.optional("query", help: "The text to look for.")])

  static let program = ProgramSpec(
    name: "friends", version: "friends 1.2.0", abstract: "Keep track of your friends.",
    globalOptions: [OptionSpec("data-dir", valueName: "path", help: "Where the data is kept.")],
    globalFlags: [.noColor],
    commands: [login, list, show, search])

  /// Parses `line` split at spaces.
  static func parse(_ line: String) throws(UsageError) -> ParseResult {
    try program.parse(line.split(separator: " ").map(String.init))
  }

  /// Parses `line` and returns the command, or records an issue.
  static func command(_ line: String) throws -> ParsedCommand {
    guard case .command(let command) = try parse(line) else {
      throw UnexpectedResult(line: line)
    }
    return command
  }

  struct UnexpectedResult: Error {
    let line: String
  }
}
