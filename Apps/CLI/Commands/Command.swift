import CommandLineKit

/// One command of the program: how it is declared, how its words become typed values, and
/// how it runs one screen's view model.
///
/// A command holds no business logic: it turns its arguments (and standard input) into the
/// view model's inputs, waits for the outputs it needs, and prints them. Every output of a
/// view model works on its own, so a command binds only the ones it needs, in any order.
@MainActor
protocol Command {
  /// The name, help and the words the command accepts.
  static var spec: CommandSpec { get }

  /// Reads the command's values from a parsed command line.
  /// - Throws: `UsageError` for values that make no sense together.
  init(_ parsed: ParsedCommand) throws(UsageError)

  /// Runs the command and returns the status to exit with.
  /// - Throws: `UsageError` when a value is missing and cannot be asked for;
  ///   `InterruptedError` when the user pressed Ctrl-C at a prompt.
  func run(_ context: CommandContext) throws -> ExitCode
}
