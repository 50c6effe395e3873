import Synchronization

/// Text written straight to a file descriptor, unbuffered: standard output or standard
/// error of the process. The first failed write (a full disk, a closed descriptor) is
/// remembered in `writeFailure`; `ProgramSpec.run` turns it into an error and status 1.
public struct FileOutput: OutputSink {
  /// The file descriptor written to.
  public let descriptor: Int32
  /// Whether the descriptor was a terminal when this value was made.
  public let isTerminal: Bool
  private let failure = Failure()

  /// The first failure's `errno`, shared by the copies of one output.
  private final class Failure: Sendable {
    let code = Atomic<Int32>(0)
  }

  /// Writes to `descriptor`, asking the system once whether it is a terminal.
  public init(descriptor: Int32) {
    self.descriptor = descriptor
    self.isTerminal = Terminal.isTerminal(descriptor)
  }

  /// The process's standard output (descriptor 1).
  public static var standardOutput: FileOutput { FileOutput(descriptor: 1) }
  /// The process's standard error (descriptor 2).
  public static var standardError: FileOutput { FileOutput(descriptor: 2) }

  /// Writes all of `text`; after a failure, nothing more is written.
  public func write(_ text: String) {
    guard failure.code.load(ordering: .relaxed) == 0 else { return }
    if let code = Terminal.writeAll(text, to: descriptor) {
      failure.code.store(code, ordering: .relaxed)
    }
  }

  /// The terminal's width now, when the descriptor is a terminal that reports one.
  public var columns: Int? {
    isTerminal ? Terminal.columns(of: descriptor) : nil
  }

  /// The system's sentence for the first failed write, such as "No space left on device".
  public var writeFailure: String? {
    let code = failure.code.load(ordering: .relaxed)
    return code == 0 ? nil : Terminal.describe(errno: code)
  }
}
