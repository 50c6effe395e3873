/// Text written straight to a file descriptor, unbuffered: standard output or standard
/// error of the process.
public struct FileOutput: OutputSink {
  /// The file descriptor written to.
  public let descriptor: Int32
  /// Whether the descriptor was a terminal when this value was made.
  public let isTerminal: Bool

  /// Writes to `descriptor`, asking the system once whether it is a terminal.
  public init(descriptor: Int32) {
    self.descriptor = descriptor
    self.isTerminal = Terminal.isTerminal(descriptor)
  }

  /// The process's standard output (descriptor 1).
  public static var standardOutput: FileOutput { FileOutput(descriptor: 1) }
  /// The process's standard error (descriptor 2).
  public static var standardError: FileOutput { FileOutput(descriptor: 2) }

  /// Writes all of `text`.
  public func write(_ text: String) {
    Terminal.writeAll(text, to: descriptor)
  }
}
