#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where a command-line program writes: results to `output` (standard output), messages
/// and progress to `errors` (standard error), each with its own colour decision.
///
/// Tests build one from `BufferOutput`s and read back what was written.
public struct Console: Sendable {
  /// Results: what a script piping the program would want.
  public let output: any OutputSink
  /// Diagnostics, prompts and progress, for the person at the terminal.
  public let errors: any OutputSink
  /// Styling for `output`.
  public let outputStyle: OutputStyle
  /// Styling for `errors`.
  public let errorStyle: OutputStyle

  /// A console writing to the given sinks with the given styles.
  public init(
    output: any OutputSink, errors: any OutputSink, outputStyle: OutputStyle = .plain,
    errorStyle: OutputStyle = .plain
  ) {
    self.output = output
    self.errors = errors
    self.outputStyle = outputStyle
    self.errorStyle = errorStyle
  }

  /// The process's standard output and standard error, with colour decided for each from
  /// whether it is a terminal and from `environment`.
  public static func standard(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Console {
    let output = FileOutput.standardOutput
    let errors = FileOutput.standardError
    return Console(
      output: output, errors: errors,
      outputStyle: OutputStyle(isTerminal: output.isTerminal, environment: environment),
      errorStyle: OutputStyle(isTerminal: errors.isTerminal, environment: environment))
  }

  /// The same console with colour turned off on both streams (for `--no-color`).
  public func withoutColor() -> Console {
    Console(output: output, errors: errors)
  }
}
