/// A terminal a full-screen program draws to and reads keys from.
///
/// `TTYTerminal` is the real one; `MemoryTerminal` stands in for it in tests. Callbacks
/// arrive on the queue the implementation documents (`TTYTerminal`: the queue it was given;
/// `MemoryTerminal`: synchronously, from `send` and `resize`).
public protocol Terminal: AnyObject {
  /// The current size in cells.
  var size: TerminalSize { get }

  /// Writes raw bytes (text and escape sequences) to the terminal.
  func write(_ bytes: [UInt8])

  /// Takes over the screen: raw input, the alternate screen, hidden cursor, bracketed paste.
  func enterFullScreen() throws

  /// Gives the screen back as it was before `enterFullScreen()`. Safe to call more than once.
  func leaveFullScreen()

  /// Starts delivering input bytes and size changes.
  func startInput(
    onBytes: @escaping @Sendable ([UInt8]) -> Void,
    onResize: @escaping @Sendable (TerminalSize) -> Void)

  /// Stops delivering input and size changes.
  func stopInput()

  /// Stops the process as job control does (SIGTSTP) and returns once it is continued
  /// (`fg`, SIGCONT). Called by `TerminalSession` between `leaveFullScreen()` and
  /// `enterFullScreen()`; the default does nothing.
  func suspendProcess()

  /// Discards the input that arrived but was not read yet (after Ctrl-C, as a terminal driver
  /// does for an interrupt). The default does nothing.
  func discardUnreadInput()
}

extension Terminal {
  /// Does nothing: a terminal that is not the process's own cannot stop it.
  public func suspendProcess() {}

  /// Does nothing: a terminal without a kernel queue has nothing unread.
  public func discardUnreadInput() {}

  /// Writes `text` as UTF-8.
  public func write(_ text: String) {
    write(Array(text.utf8))
  }
}
