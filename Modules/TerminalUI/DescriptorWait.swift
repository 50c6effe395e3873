#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Waits until a descriptor can be read or written, for at most a given time.
///
/// The one place with platform code for it: `poll` on Linux; `select` on macOS, whose `poll`
/// does not support terminal devices (it reports them as invalid). Both calls are
/// async-signal-safe, so a signal handler restoring the terminal may wait here.
enum DescriptorWait {
  /// Whether `descriptor` became readable (or writable, with `forWriting`) within
  /// `milliseconds`. `false` on a timeout or an error.
  static func wait(_ descriptor: Int32, forWriting: Bool = false, milliseconds: Int32) -> Bool {
    #if canImport(Darwin)
      guard descriptor >= 0, descriptor < FD_SETSIZE else { return false }
      var set = fd_set()
      withUnsafeMutableBytes(of: &set) { raw in
        let words = raw.bindMemory(to: Int32.self)
        let bits = Int32.bitWidth
        words[Int(descriptor) / bits] |= Int32(bitPattern: 1 << UInt32(Int(descriptor) % bits))
      }
      var timeout = timeval(
        tv_sec: Int(milliseconds / 1000), tv_usec: Int32(milliseconds % 1000) * 1000)
      let ready =
        forWriting
        ? select(descriptor + 1, nil, &set, nil, &timeout)
        : select(descriptor + 1, &set, nil, nil, &timeout)
      return ready > 0
    #else
      let events = Int16(forWriting ? POLLOUT : POLLIN)
      var request = pollfd(fd: descriptor, events: events, revents: 0)
      return poll(&request, 1, milliseconds) > 0
    #endif
  }
}
