@testable import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pseudo-terminal pair for tests: the program side (`follower`) is a real terminal device,
/// and the test reads what the program wrote from the `leader` side.
final class PseudoTerminal {
  let leader: Int32
  let follower: Int32

  init() throws {
    #if canImport(Darwin)
      leader = posix_openpt(O_RDWR | O_NOCTTY)
      guard leader >= 0, grantpt(leader) == 0, unlockpt(leader) == 0, let name = ptsname(leader)
      else { throw PseudoTerminalError.unavailable }
      follower = open(name, O_RDWR | O_NOCTTY)
    #else
      var (leader, follower): (Int32, Int32) = (-1, -1)
      guard openpty(&leader, &follower, nil, nil, nil) == 0 else {
        throw PseudoTerminalError.unavailable
      }
      (self.leader, self.follower) = (leader, follower)
    #endif
    guard follower >= 0 else { throw PseudoTerminalError.unavailable }
  }

  deinit {
    close(follower)
    close(leader)
  }

  /// The follower's current settings.
  var settings: termios {
    var settings = termios()
    tcgetattr(follower, &settings)
    return settings
  }

  /// Sets the window size the program sees.
  func setSize(width: Int, height: Int) {
    var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(leader, UInt(TIOCSWINSZ), &size)
  }

  /// Types `text` into the program's input.
  func type(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(leader, $0.baseAddress, $0.count) }
  }

  /// Reads what the program wrote until `expected` has arrived (or two seconds pass
  /// without output) and returns all of it.
  func output(until expected: String) -> String {
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !String(decoding: output, as: UTF8.self).contains(expected) {
      guard DescriptorWait.wait(leader, milliseconds: 2000) else { break }
      let count = buffer.withUnsafeMutableBytes { read(leader, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      output += buffer[..<count]
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// Reads whatever the program wrote within a short moment.
  func pendingOutput() -> String {
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while DescriptorWait.wait(leader, milliseconds: 50) {
      let count = buffer.withUnsafeMutableBytes { read(leader, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      output += buffer[..<count]
    }
    return String(decoding: output, as: UTF8.self)
  }
}

enum PseudoTerminalError: Error {
  case unavailable
}
