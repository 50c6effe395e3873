import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The real terminal: termios raw mode and ANSI escapes on standard input and output.
///
/// `enterFullScreen()` switches to raw mode (Ctrl-C arrives as a key, not as SIGINT),
/// the alternate screen, a hidden cursor and bracketed paste. The terminal is given back on
/// every way out: `leaveFullScreen()`, deinitialisation, `exit()`, SIGINT, SIGTERM, SIGHUP,
/// SIGQUIT and crash signals (see `TTYTerminal.restore()`). Input and SIGWINCH are delivered
/// on the queue given at creation. Only one terminal can be full screen at a time.
public final class TTYTerminal: Terminal, Sendable {
  /// The descriptor keys are read from.
  public let inputDescriptor: Int32
  /// The descriptor output is written to.
  public let outputDescriptor: Int32
  private let queue: DispatchQueue
  private let state = Mutex(State())

  private struct State {
    var savedSettings: termios?
    var input: (any DispatchSourceRead)?
    var resize: (any DispatchSourceSignal)?
  }

  /// Opens the terminal on the given descriptors; callbacks will run on `queue`.
  ///
  /// - Throws: `TerminalError.notATerminal` when either descriptor is not a terminal (for
  ///   example when output is piped), so a full-screen program can refuse to start.
  public init(
    queue: DispatchQueue = .main, input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO
  ) throws {
    guard isatty(input) == 1 else { throw TerminalError.notATerminal("standard input") }
    guard isatty(output) == 1 else { throw TerminalError.notATerminal("standard output") }
    inputDescriptor = input
    outputDescriptor = output
    self.queue = queue
  }

  deinit {
    stopInput()
    leaveFullScreen()
  }

  /// The size reported by the terminal (80x24 when it reports none).
  public var size: TerminalSize {
    var size = winsize()
    guard ioctl(outputDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else { return TerminalSize(width: 80, height: 24) }
    return TerminalSize(width: Int(size.ws_col), height: Int(size.ws_row))
  }

  /// Writes all of `bytes`, retrying after interruptions.
  public func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      TerminalRestore.writeAll(outputDescriptor, base, buffer.count)
    }
  }

  /// Enters raw mode and the alternate screen, hides the cursor, turns bracketed paste on,
  /// and arms the restoring handlers. Does nothing when already full screen.
  ///
  /// - Throws: `TerminalError.settingsUnavailable` when the terminal settings cannot be read
  ///   or changed, `TerminalError.alreadyInUse` when another terminal is full screen.
  public func enterFullScreen() throws {
    try state.withLock { state in
      guard state.savedSettings == nil else { return }
      var original = termios()
      guard tcgetattr(inputDescriptor, &original) == 0 else {
        throw TerminalError.settingsUnavailable(errno: errno)
      }
      guard
        TerminalRestore.arm(
          input: inputDescriptor, output: outputDescriptor, settings: original,
          restoring: Array(ANSI.leaveFullScreen.utf8))
      else { throw TerminalError.alreadyInUse }
      var raw = original
      cfmakeraw(&raw)
      withUnsafeMutableBytes(of: &raw.c_cc) { characters in
        characters[Int(VMIN)] = 1
        characters[Int(VTIME)] = 0
      }
      guard tcsetattr(inputDescriptor, TCSAFLUSH, &raw) == 0 else {
        let code = errno
        TerminalRestore.restoreAndUninstall()
        throw TerminalError.settingsUnavailable(errno: code)
      }
      state.savedSettings = original
    }
    write(ANSI.enterFullScreen)
  }

  /// Leaves raw mode and the alternate screen, shows the cursor, turns bracketed paste off,
  /// and puts back the previous signal handlers. Safe to call more than once.
  public func leaveFullScreen() {
    let wasFullScreen = state.withLock { state in
      defer { state.savedSettings = nil }
      return state.savedSettings != nil
    }
    if wasFullScreen { TerminalRestore.restoreAndUninstall() }
  }

  /// Restores the terminal of whichever `TTYTerminal` is full screen, from anywhere: a fatal
  /// error path, a signal handler, another thread. Idempotent; uses only `tcsetattr` and
  /// `write` on bytes prepared in advance.
  public static func restore() {
    TerminalRestore.restore()
  }

  /// Stops the process with SIGTSTP, as Ctrl-Z does in a shell, and returns when it is
  /// continued. When SIGTSTP is ignored (a shell without job control) it returns at once.
  public func suspendProcess() {
    // The caller may run on a Dispatch worker thread, which blocks every signal: a SIGTSTP
    // raised there would stay pending and stop nothing. Unblocked for the call, it is
    // delivered before `raise` returns, and the whole process stops until SIGCONT.
    var stop = sigset_t()
    var previous = sigset_t()
    sigemptyset(&stop)
    sigaddset(&stop, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &stop, &previous)
    _ = raise(SIGTSTP)
    pthread_sigmask(SIG_SETMASK, &previous, nil)
  }

  /// Starts reading input (delivered in chunks as read) and watching SIGWINCH, both on the
  /// terminal's queue. Reading stops at end of input.
  public func startInput(
    onBytes: @escaping @Sendable ([UInt8]) -> Void,
    onResize: @escaping @Sendable (TerminalSize) -> Void
  ) {
    stopInput()
    state.withLock { state in
      let input = DispatchSource.makeReadSource(fileDescriptor: inputDescriptor, queue: queue)
      input.setEventHandler { [weak self] in
        guard let self else { return }
        if let bytes = self.readAvailable() { onBytes(bytes) }
      }
      let resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: queue)
      resize.setEventHandler { [weak self] in
        guard let self else { return }
        onResize(self.size)
      }
      input.resume()
      resize.resume()
      state.input = input
      state.resize = resize
    }
  }

  /// Discards what was typed or pasted but not read yet (`tcflush`), as the terminal driver
  /// does when Ctrl-C interrupts a program.
  public func discardUnreadInput() {
    _ = tcflush(inputDescriptor, TCIFLUSH)
  }

  /// Stops reading input and watching SIGWINCH.
  public func stopInput() {
    state.withLock { state in
      state.input?.cancel()
      state.resize?.cancel()
      state.input = nil
      state.resize = nil
    }
  }

  /// The most bytes one delivery gathers from reads that follow each other at once.
  static let maximumBurst = 1 << 20

  /// Reads what is available; `nil` when nothing was read. While more input is already
  /// waiting (a long paste fills the kernel's queue faster than keys are handled), reads
  /// again, up to `maximumBurst` bytes: the burst is delivered in a few large pieces, and a
  /// Ctrl-C at its end is seen soon. Stops reading at end of input.
  private func readAvailable() -> [UInt8]? {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while bytes.count < Self.maximumBurst {
      let count = chunk.withUnsafeMutableBytes { read(inputDescriptor, $0.baseAddress, $0.count) }
      if count > 0 {
        bytes += chunk[..<count]
        if DescriptorWait.wait(inputDescriptor, milliseconds: 0) { continue }
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        state.withLock { $0.input?.cancel() }
      }
      break
    }
    return bytes.isEmpty ? nil : bytes
  }
}

/// Why a terminal could not be used.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
  /// The named stream is not a terminal (it is a file or a pipe).
  case notATerminal(String)
  /// The terminal settings could not be read or changed; carries `errno`.
  case settingsUnavailable(errno: Int32)
  /// Another terminal of this process is already full screen.
  case alreadyInUse

  /// A sentence for the user.
  public var description: String {
    switch self {
    case .notATerminal(let stream):
      "\(stream) is not a terminal; run this program in an interactive terminal"
    case .settingsUnavailable(let code):
      "cannot change the terminal settings: \(String(cString: strerror(code)))"
    case .alreadyInUse: "the terminal is already in full-screen mode"
    }
  }
}
