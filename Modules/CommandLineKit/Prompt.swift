/// Asks the person at the terminal for a value, writing the question on standard error.
///
/// It never asks when the input is not a terminal (a pipe, a file, a CI job): it throws a
/// `UsageError` instead, so scripts fail fast and clearly rather than hang.
public struct Prompt: Sendable {
  private let input: any LineInput
  private let output: any OutputSink

  /// Reads answers from `input` and writes questions on `output` (standard error).
  public init(input: any LineInput, output: any OutputSink) {
    self.input = input
    self.output = output
  }

  /// Whether questions can be asked: the input is a terminal.
  public var isInteractive: Bool { input.isTerminal }

  /// Shows `label: ` and returns the line typed, or `nil` if the input ended.
  /// - Parameter hint: how to give the value without a prompt, added to the error.
  /// - Throws: `UsageError` when the input is not a terminal.
  public func line(_ label: String, hint: String? = nil) throws -> String? {
    try requireInteractive(label, hint: hint)
    output.write("\(label): ")
    return input.readLine()
  }

  /// Shows `label: ` and returns the line typed with echo off, or `nil` if the input ended.
  /// - Parameter hint: how to give the value without a prompt, added to the error.
  /// - Throws: `UsageError` when the input is not a terminal; `InterruptedError` on Ctrl-C.
  public func secret(_ label: String, hint: String? = nil) throws -> String? {
    try requireInteractive(label, hint: hint)
    output.write("\(label): ")
    // The Enter that ended the line was not echoed: move to the next line ourselves.
    defer { output.write("\n") }
    return try input.readSecretLine()
  }

  private func requireInteractive(_ label: String, hint: String?) throws(UsageError) {
    guard isInteractive else {
      let advice = hint.map { "; \($0)" } ?? ""
      throw UsageError("cannot ask for \(label): standard input is not a terminal\(advice)")
    }
  }
}
