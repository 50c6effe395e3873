/// The status a command-line program ends with, following the BSD `sysexits` convention for
/// usage errors and the shell's convention for Ctrl-C.
public struct ExitCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The number handed to `exit`.
  public let rawValue: Int32

  /// Wraps any status number.
  public init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// Everything worked: 0.
  public static let success = ExitCode(rawValue: 0)
  /// The command ran and failed (a network error, a missing record): 1.
  public static let failure = ExitCode(rawValue: 1)
  /// The command line was wrong (unknown option, missing argument): 64, `EX_USAGE`.
  public static let usage = ExitCode(rawValue: 64)
  /// The user pressed Ctrl-C: 130, which is 128 + `SIGINT`.
  public static let interrupted = ExitCode(rawValue: 130)

  /// The status for a program that stopped with `error`: `usage` for a `UsageError`,
  /// `interrupted` for an `InterruptedError`, `failure` for anything else.
  public init(for error: any Error) {
    switch error {
    case is UsageError: self = .usage
    case is InterruptedError: self = .interrupted
    default: self = .failure
    }
  }

  /// The number, as a shell would print it.
  public var description: String { String(rawValue) }
}
