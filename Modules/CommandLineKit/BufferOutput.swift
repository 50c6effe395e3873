import Synchronization

/// Text collected in memory, for tests: stands in for standard output or standard error
/// and can pretend to be a terminal.
public final class BufferOutput: OutputSink {
  /// What this buffer answers when asked whether it is a terminal.
  public let isTerminal: Bool
  /// The terminal width this buffer claims (only while it claims to be a terminal).
  public let columns: Int?
  private let buffer = Mutex("")

  /// An empty buffer that claims to be a terminal when `isTerminal` is true, `columns` wide.
  public init(isTerminal: Bool = false, columns: Int? = nil) {
    self.isTerminal = isTerminal
    self.columns = isTerminal ? columns : nil
  }

  /// Everything written so far.
  public var text: String {
    buffer.withLock { $0 }
  }

  /// Appends `text`.
  public func write(_ text: String) {
    buffer.withLock { $0 += text }
  }
}
