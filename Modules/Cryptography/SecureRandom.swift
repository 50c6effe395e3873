// The only file of the module that talks to the operating system: it asks it for random
// bytes with `getentropy` (glibc 2.25 and later, Musl, Darwin), and reads `/dev/urandom` on a
// system whose kernel has no `getrandom` call behind it.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Random bytes from the operating system's cryptographically secure generator.
public enum SecureRandom {
  /// `count` random bytes.
  ///
  /// - Throws: ``SecureRandomError`` when the system has no generator to give them, which
  ///   a working system never does.
  public static func bytes(count: Int) throws(SecureRandomError) -> [UInt8] {
    var result = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      // getentropy gives at most 256 bytes per call.
      let step = min(256, count - filled)
      let status = result.withUnsafeMutableBytes { raw in
        getentropy(raw.baseAddress! + filled, step)
      }
      if status != 0 {
        try readDeviceRandom(into: &result, from: filled)
        return result
      }
      filled += step
    }
    return result
  }

  private static func readDeviceRandom(
    into buffer: inout [UInt8], from start: Int
  ) throws(SecureRandomError) {
    let descriptor = open("/dev/urandom", O_RDONLY)
    guard descriptor >= 0 else { throw .unavailable(reason: lastError()) }
    defer { _ = close(descriptor) }
    var filled = start
    while filled < buffer.count {
      let count = buffer.withUnsafeMutableBytes { raw in
        read(descriptor, raw.baseAddress! + filled, raw.count - filled)
      }
      if count > 0 {
        filled += count
      } else if count < 0 && errno == EINTR {
        continue
      } else {
        throw .unavailable(reason: count == 0 ? "/dev/urandom ended" : lastError())
      }
    }
  }

  private static func lastError() -> String {
    String(cString: strerror(errno))
  }
}

/// Why the system gave no random bytes.
public enum SecureRandomError: Error, Equatable, CustomStringConvertible {
  /// Neither `getentropy` nor `/dev/urandom` worked.
  case unavailable(reason: String)

  /// What went wrong, in a sentence.
  public var description: String {
    switch self {
    case .unavailable(let reason):
      "the system's secure random generator is unavailable: \(reason)"
    }
  }
}
