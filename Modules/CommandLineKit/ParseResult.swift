/// What a command line asks for once parsed.
public enum ParseResult: Sendable, Equatable {
  /// Run this command.
  case command(ParsedCommand)
  /// Print this help text on standard output and succeed (`-h`, `--help`, `help COMMAND`,
  /// or no command at all).
  case help(String)
  /// Print this version on standard output and succeed (`--version`).
  case version(String)
}
