#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pseudo-terminal for tests: `follower` is what a program sees as its terminal (a real
/// terminal device), what is written to `leader` arrives there as if typed, and what the
/// program writes to it is read from `leader`. Both are closed on deinit.
public final class PseudoTerminal {
  /// A step of opening the pseudo-terminal that failed.
  public struct Failure: Error {
    /// What failed.
    public let step: String

    /// Creates the failure of `step`.
    public init(step: String) { self.step = step }
  }

  /// The test's side.
  public let leader: Int32
  /// The program's side.
  public let follower: Int32

  /// Opens a new pseudo-terminal pair.
  public init() throws {
    #if canImport(Glibc)
      var (leader, follower): (Int32, Int32) = (-1, -1)
      guard openpty(&leader, &follower, nil, nil, nil) == 0 else {
        throw Failure(step: "open a pseudo-terminal")
      }
    #else
      let leader = posix_openpt(O_RDWR | O_NOCTTY)
      guard leader >= 0, grantpt(leader) == 0, unlockpt(leader) == 0, let name = ptsname(leader)
      else {
        if leader >= 0 { close(leader) }
        throw Failure(step: "open a pseudo-terminal")
      }
      let follower = open(name, O_RDWR | O_NOCTTY)
      guard follower >= 0 else {
        close(leader)
        throw Failure(step: "open \(String(cString: name))")
      }
    #endif
    self.leader = leader
    self.follower = follower
  }

  deinit {
    close(follower)
    close(leader)
  }

  /// Sends `text` to the program as if typed.
  public func type(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(leader, $0.baseAddress, $0.count) }
  }

  /// Sets the window size the program sees.
  public func setSize(width: Int, height: Int) {
    var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(leader, UInt(TIOCSWINSZ), &size)
  }

  /// The follower's current settings.
  public var settings: termios {
    var settings = termios()
    tcgetattr(follower, &settings)
    return settings
  }

  /// The follower's current settings as plain numbers (the four mode fields, then the control
  /// characters), so that two of them compare with `==`.
  public func comparableSettings() -> [UInt] {
    let current = settings
    let controls = withUnsafeBytes(of: current.c_cc) { $0.map { UInt($0) } }
    return [
      UInt(current.c_iflag), UInt(current.c_oflag), UInt(current.c_cflag),
      UInt(current.c_lflag),
    ] + controls
  }

  /// Whether the follower's local mode has any of `flags` (such as `ECHO`) on.
  public func localModeHas(_ flags: Int32) -> Bool {
    settings.c_lflag & tcflag_t(flags) != 0
  }

  /// The follower's `VMIN` setting.
  public func minimumBytes() -> UInt8 {
    withUnsafeBytes(of: settings.c_cc) { $0[Int(VMIN)] }
  }

  /// Puts the follower in raw mode, so bytes typed before a read arrive unchanged (Ctrl-C
  /// included), but with echo still on, so a reader that forgets to restore echo shows.
  public func makeRawWithEcho() {
    var raw = settings
    cfmakeraw(&raw)
    raw.c_lflag |= tcflag_t(ECHO)
    _ = tcsetattr(follower, TCSANOW, &raw)
  }

  /// What the terminal has shown since the last read (echo included), without waiting.
  public func shown() -> String {
    let flags = fcntl(leader, F_GETFL)
    _ = fcntl(leader, F_SETFL, flags | O_NONBLOCK)
    defer { _ = fcntl(leader, F_SETFL, flags) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    while true {
      let count = read(leader, &buffer, buffer.count)
      if count <= 0 { break }
      bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Reads what the program wrote until `expected` has arrived (or two seconds pass without
  /// output) and returns all of it.
  public func output(until expected: String) -> String {
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !String(decoding: output, as: UTF8.self).contains(expected) {
      guard leaderIsReadable(withinMilliseconds: 2000) else { break }
      let count = buffer.withUnsafeMutableBytes { read(leader, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      output += buffer[..<count]
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// Reads whatever the program wrote within a short moment.
  public func pendingOutput() -> String {
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while leaderIsReadable(withinMilliseconds: 50) {
      let count = buffer.withUnsafeMutableBytes { read(leader, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      output += buffer[..<count]
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// Whether `leader` has something to read within `milliseconds`. macOS's `poll` does not
  /// support devices, so it waits with `select` there.
  private func leaderIsReadable(withinMilliseconds milliseconds: Int32) -> Bool {
    #if canImport(Darwin)
      guard leader < FD_SETSIZE else { return false }
      var readable = fd_set()
      withUnsafeMutableBytes(of: &readable) { raw in
        let words = raw.bindMemory(to: Int32.self)
        let bits = Int32.bitWidth
        words[Int(leader) / bits] |= Int32(bitPattern: 1 << UInt32(Int(leader) % bits))
      }
      var timeout = timeval(
        tv_sec: Int(milliseconds / 1000), tv_usec: Int32(milliseconds % 1000) * 1000)
      return select(leader + 1, &readable, nil, nil, &timeout) > 0
    #else
      var descriptor = pollfd(fd: leader, events: Int16(POLLIN), revents: 0)
      return poll(&descriptor, 1, milliseconds) > 0
    #endif
  }
}
