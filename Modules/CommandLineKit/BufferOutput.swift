import Synchronization

/// Text collected in memory, for tests: stands in for standard output or standard error
/// and can pretend to be a terminal.
public final class BufferOutput: OutputSink {
  /// What this buffer answers when asked whether it is a terminal.
  public let isTerminal: Bool
  private let buffer = Mutex("")

  /// An empty buffer that claims to be a terminal when `isTerminal` is true.
  public init(isTerminal: Bool = false) {
    self.isTerminal = isTerminal
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
