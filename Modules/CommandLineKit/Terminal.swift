#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system calls this module needs, kept in one file: whether a file descriptor is a
/// terminal, unbuffered reads and writes, and the terminal mode for typing a secret.
enum Terminal {
  /// Whether `descriptor` is a terminal (`isatty`).
  static func isTerminal(_ descriptor: Int32) -> Bool {
    isatty(descriptor) == 1
  }

  /// The width in columns of the terminal on `descriptor`, or `nil` when it reports none.
  static func columns(of descriptor: Int32) -> Int? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  /// Writes all of `text` to `descriptor`, retrying short writes and interruptions. Returns
  /// the `errno` of a write that failed (the disk is full, the reader has gone away), else
  /// `nil`.
  @discardableResult
  static func writeAll(_ text: String, to descriptor: Int32) -> Int32? {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { buffer in
        write(descriptor, buffer.baseAddress, buffer.count)
      }
      if written > 0 {
        bytes = bytes.dropFirst(written)
      } else if written < 0, errno == EINTR {
        continue
      } else {
        return written < 0 ? errno : EIO
      }
    }
    return nil
  }

  /// The system's sentence for `errno` value `code`.
  static func describe(errno code: Int32) -> String {
    String(cString: strerror(code))
  }

  /// Reads one byte from `descriptor`; `nil` at the end of input or on an error.
  static func readByte(from descriptor: Int32) -> UInt8? {
    var byte: UInt8 = 0
    while true {
      let count = read(descriptor, &byte, 1)
      if count == 1 { return byte }
      if count < 0, errno == EINTR { continue }
      return nil
    }
  }

  /// Runs `body` with the terminal on `descriptor` set for typing a secret: no echo, bytes
  /// delivered one at a time, and Ctrl-C delivered as a byte instead of a signal (so the
  /// reader can restore the terminal before the program stops). The previous settings are
  /// restored when `body` returns or throws. When `descriptor` is not a terminal, `body`
  /// simply runs.
  static func withSecretInputMode<Result>(on descriptor: Int32, _ body: () throws -> Result)
    rethrows -> Result
  {
    var saved = termios()
    guard tcgetattr(descriptor, &saved) == 0 else { return try body() }
    var secret = saved
    secret.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG)
    withUnsafeMutableBytes(of: &secret.c_cc) { controls in
      controls[Int(VMIN)] = 1
      controls[Int(VTIME)] = 0
    }
    _ = tcsetattr(descriptor, TCSANOW, &secret)
    defer { _ = tcsetattr(descriptor, TCSANOW, &saved) }
    return try body()
  }
}
