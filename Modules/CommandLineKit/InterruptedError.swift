/// Thrown when the user pressed Ctrl-C while the program was waiting for them (for example at
/// a password prompt). Programs end with `ExitCode.interrupted` and print nothing more.
public struct InterruptedError: Error, Equatable, Sendable {
  /// Makes the error.
  public init() {}
}
