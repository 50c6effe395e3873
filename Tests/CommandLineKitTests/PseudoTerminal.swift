#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pseudo-terminal for tests: `follower` is what a program sees as its terminal, and
/// what is written to `leader` arrives there as if typed. Both are closed on deinit.
final class PseudoTerminal {
  struct Failure: Error {
    let step: String
  }

  let leader: Int32
  let follower: Int32

  init() throws {
    #if canImport(Glibc)
      let leader = open("/dev/ptmx", O_RDWR | O_NOCTTY)
      guard leader >= 0 else { throw Failure(step: "open /dev/ptmx") }
      // TIOCSPTLCK and TIOCGPTN: the headers build these with macros Swift cannot import.
      var unlock: Int32 = 0
      var number: UInt32 = 0
      guard ioctl(leader, UInt(0x4004_5431), &unlock) == 0,
        ioctl(leader, UInt(0x8004_5430), &number) == 0
      else {
        close(leader)
        throw Failure(step: "unlock the pseudo-terminal")
      }
      let path = "/dev/pts/\(number)"
    #else
      let leader = posix_openpt(O_RDWR | O_NOCTTY)
      guard leader >= 0, grantpt(leader) == 0, unlockpt(leader) == 0,
        let name = ptsname(leader)
      else { throw Failure(step: "open a pseudo-terminal") }
      let path = String(cString: name)
    #endif
    let follower = open(path, O_RDWR | O_NOCTTY)
    guard follower >= 0 else {
      close(leader)
      throw Failure(step: "open \(path)")
    }
    self.leader = leader
    self.follower = follower
  }

  deinit {
    close(leader)
    close(follower)
  }

  /// Sends `text` as if typed.
  func type(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(leader, $0.baseAddress, $0.count) }
  }

  /// The follower's current settings, as the fields that matter for comparison.
  func settings() -> [UInt] {
    var current = termios()
    _ = tcgetattr(follower, &current)
    let controls = withUnsafeBytes(of: current.c_cc) { $0.map { UInt($0) } }
    return [
      UInt(current.c_iflag), UInt(current.c_oflag), UInt(current.c_cflag),
      UInt(current.c_lflag),
    ] + controls
  }

  /// Whether the follower's local mode has any of `flags` (such as `ECHO`) on.
  func localModeHas(_ flags: Int32) -> Bool {
    var current = termios()
    _ = tcgetattr(follower, &current)
    return current.c_lflag & tcflag_t(flags) != 0
  }

  /// The follower's `VMIN` setting.
  func minimumBytes() -> UInt8 {
    var current = termios()
    _ = tcgetattr(follower, &current)
    return withUnsafeBytes(of: current.c_cc) { $0[Int(VMIN)] }
  }

  /// Puts the follower in raw mode, so bytes typed before a read arrive unchanged (Ctrl-C
  /// included), but with echo still on, so a reader that forgets to restore echo shows.
  func makeRawWithEcho() {
    var raw = termios()
    _ = tcgetattr(follower, &raw)
    cfmakeraw(&raw)
    raw.c_lflag |= tcflag_t(ECHO)
    _ = tcsetattr(follower, TCSANOW, &raw)
  }

  /// What the terminal has shown since the last call (echo included), without waiting.
  func shown() -> String {
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
}

/// A pipe whose ends are closed on deinit (or earlier with `closeWriting()`).
final class PipeEnds {
  let reading: Int32
  private(set) var writing: Int32

  init() throws {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw PseudoTerminal.Failure(step: "pipe") }
    reading = ends[0]
    writing = ends[1]
  }

  func send(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(writing, $0.baseAddress, $0.count) }
  }

  func closeWriting() {
    if writing >= 0 { close(writing) }
    writing = -1
  }

  func receive() -> String {
    closeWriting()
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 256)
    while true {
      let count = read(reading, &buffer, buffer.count)
      if count <= 0 { break }
      bytes += buffer[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  deinit {
    close(reading)
    closeWriting()
  }
}
