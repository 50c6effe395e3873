import TerminalUI

/// A terminal in memory, for tests: it records what is written, shows it on a
/// `VirtualScreen`, and delivers input and resizes when the test asks.
///
/// Not thread-safe: use it from one task (callbacks run synchronously inside `send` and
/// `resize`).
public final class MemoryTerminal: Terminal {
  /// What the output looks like on screen.
  public private(set) var screen: VirtualScreen
  /// Every byte written since creation or the last `resetOutput()`.
  public private(set) var output: [UInt8] = []
  /// Whether `enterFullScreen()` was called without a matching `leaveFullScreen()`.
  public private(set) var isFullScreen = false
  /// How many times `write` was called since creation or the last `resetOutput()`: one per
  /// frame that changed something.
  public private(set) var writeCount = 0
  /// How many times `discardUnreadInput()` was called.
  public private(set) var discardCount = 0
  /// How many times `suspendProcess()` was called.
  public private(set) var suspensionCount = 0
  /// Runs inside `suspendProcess()`, as if in the shell while the program is stopped.
  public var whileSuspended: () -> Void = {}
  /// Whether input is being delivered.
  public var isReceivingInput: Bool { onBytes != nil }

  private var onBytes: (@Sendable ([UInt8]) -> Void)?
  private var onResize: (@Sendable (TerminalSize) -> Void)?

  /// Creates a terminal of `size` (80x24 by default).
  public init(size: TerminalSize = TerminalSize(width: 80, height: 24)) {
    screen = VirtualScreen(size: size)
  }

  /// The screen size.
  public var size: TerminalSize { screen.size }

  /// The visible screen as text, one exact-width string per row.
  public var lines: [String] { screen.buffer.lines }

  /// The cell at column `x`, row `y` of the visible screen (its character and style).
  public func cell(x: Int, y: Int) -> Cell { screen.buffer[x, y] }

  /// The number of bytes written since creation or the last `resetOutput()`.
  public var bytesWritten: Int { output.count }

  /// Forgets the recorded output (the screen stays as it is).
  public func resetOutput() {
    output.removeAll()
    writeCount = 0
  }

  /// Records `bytes` and applies them to the screen.
  public func write(_ bytes: [UInt8]) {
    output += bytes
    writeCount += 1
    screen.consume(bytes)
  }

  /// Writes the same sequences a real terminal gets.
  public func enterFullScreen() {
    isFullScreen = true
    write(ANSI.enterFullScreen)
  }

  /// Writes the restoring sequences, once.
  public func leaveFullScreen() {
    guard isFullScreen else { return }
    isFullScreen = false
    write(ANSI.leaveFullScreen)
  }

  /// Starts delivering what `send` and `resize` produce.
  public func startInput(
    onBytes: @escaping @Sendable ([UInt8]) -> Void,
    onResize: @escaping @Sendable (TerminalSize) -> Void
  ) {
    self.onBytes = onBytes
    self.onResize = onResize
  }

  /// Stops delivering input.
  public func stopInput() {
    onBytes = nil
    onResize = nil
  }

  /// Counts the suspension and runs `whileSuspended`; the "process" continues at once.
  public func suspendProcess() {
    suspensionCount += 1
    whileSuspended()
  }

  /// Counts the call: input is delivered only when a test sends it, so nothing is queued.
  public func discardUnreadInput() {
    discardCount += 1
  }

  /// Delivers `bytes` as if typed (no effect before `startInput`).
  public func send(_ bytes: [UInt8]) {
    onBytes?(bytes)
  }

  /// Delivers `text` as UTF-8, as if typed.
  public func send(_ text: String) {
    send(Array(text.utf8))
  }

  /// Changes the size (keeping what fits on screen) and reports it like SIGWINCH would.
  public func resize(to size: TerminalSize) {
    screen.resize(to: size)
    onResize?(size)
  }
}
