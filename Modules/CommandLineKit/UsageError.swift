/// A command line the program cannot run: an unknown word, a missing value, a value of the
/// wrong type, or an answer that was needed but could not be asked for.
///
/// Programs print the message on standard error with a pointer to the help text and end
/// with `ExitCode.usage` (64).
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong, naming the offending word, for example
  /// `unknown option '--emial'; did you mean '--email'?`.
  public var message: String
  /// The command whose help explains the fix, or `nil` for the program's own help.
  public var command: String?

  /// Makes an error with `message`, about `command` (`nil`: the program as a whole).
  public init(_ message: String, command: String? = nil) {
    self.message = message
    self.command = command
  }

  /// The message.
  public var description: String { message }
}
