/// Where typed answers come from: standard input, or a script in a test.
public protocol LineInput: Sendable {
  /// Whether a person can be asked (the input is a terminal).
  var isTerminal: Bool { get }
  /// The next line without its line ending, or `nil` at the end of input.
  func readLine() -> String?
  /// The next line typed without echo, or `nil` at the end of input.
  /// - Throws: `InterruptedError` when the user pressed Ctrl-C.
  func readSecretLine() throws -> String?
}
