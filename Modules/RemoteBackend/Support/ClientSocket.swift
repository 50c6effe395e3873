// The only file of the module that talks to the operating system. Everything here is plain
// POSIX (getaddrinfo, socket, connect, poll, send, recv) and compiles against Glibc (Linux),
// Musl (static Linux) and Darwin (macOS); the differences (the socket type constant, how to
// keep a closed peer from raising SIGPIPE, and which module names the calls that clash with
// the wrappers' names) are marked below.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A non-blocking TCP connection for one request, and the system calls it needs. Every wait
/// is a `poll` of at most ``slice``, so that the thread doing it notices in time that the
/// call it works for was cancelled or ran out of time.
struct ClientSocket: ~Copyable {
  /// The longest single wait, in milliseconds.
  static let slice: Int32 = 20

  /// Why the connection cannot be used.
  enum Failure: Error, Equatable {
    /// No address is known for the host name (the resolver's message).
    case unknownHost(String)
    /// Every address refused the connection.
    case refused
    /// The connection could not be made or was lost (the system's message).
    case failed(String)
    /// The deadline passed.
    case timedOut
    /// The caller stopped waiting.
    case stopped
  }

  /// What a read returned.
  enum ReadResult: Equatable {
    /// This many bytes were read.
    case bytes(Int)
    /// The peer closed its side: no more bytes will come.
    case end
  }

  /// When to give up waiting: at `deadline` (on `ContinuousClock`), or when `stopped` says so.
  struct Limits {
    let deadline: ContinuousClock.Instant
    let stopped: @Sendable () -> Bool

    /// How long the next wait may take, in milliseconds; throws when the wait is over.
    func nextWait() throws(Failure) -> Int32 {
      if stopped() { throw .stopped }
      let left = deadline - ContinuousClock.now
      if left <= .zero { throw .timedOut }
      let (seconds, attoseconds) = left.components
      let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1
      return Int32(min(Int64(ClientSocket.slice), milliseconds))
    }
  }

  private let descriptor: Int32

  deinit {
    _ = close(descriptor)
  }

  /// Connects to `host` (a name, an IPv4 address or an IPv6 address without brackets) on
  /// `port`, trying each of its addresses in the order the resolver gives them.
  static func connect(host: String, port: Int, limits: Limits) throws(Failure) -> ClientSocket {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    #if canImport(Glibc)
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #elseif canImport(Musl)
      hints.ai_socktype = Int32(SOCK_STREAM)
    #else
      hints.ai_socktype = SOCK_STREAM
    #endif
    hints.ai_flags = AI_NUMERICSERV
    var list: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &list)
    guard status == 0, let first = list else {
      throw .unknownHost(String(cString: gai_strerror(status)))
    }
    defer { freeaddrinfo(first) }
    // A refusal is what the caller hears of when any address refused; otherwise the last
    // address's failure.
    var refused = false
    var lastFailure: Failure?
    var entry: UnsafeMutablePointer<addrinfo>? = first
    while let address = entry {
      entry = address.pointee.ai_next
      do throws(Failure) {
        return try connect(to: address.pointee, limits: limits)
      } catch .refused {
        refused = true
      } catch .failed(let reason) {
        lastFailure = .failed(reason)
      } catch {
        throw error
      }
    }
    throw refused ? .refused : lastFailure ?? .refused
  }

  private static func connect(to address: addrinfo, limits: Limits) throws(Failure)
    -> ClientSocket
  {
    let descriptor = socket(address.ai_family, address.ai_socktype, address.ai_protocol)
    guard descriptor >= 0 else { throw .failed(lastError()) }
    let socket = ClientSocket(descriptor: descriptor)
    let flags = fcntl(descriptor, F_GETFL, 0)
    guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0,
      fcntl(descriptor, F_SETFD, FD_CLOEXEC) == 0
    else { throw .failed(lastError()) }
    #if canImport(Darwin)
      // Darwin has no MSG_NOSIGNAL: ask the socket itself not to raise SIGPIPE.
      var on: Int32 = 1
      setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
    var result: Int32
    repeat {
      #if canImport(Glibc)
        result = Glibc.connect(descriptor, address.ai_addr, address.ai_addrlen)
      #elseif canImport(Musl)
        result = Musl.connect(descriptor, address.ai_addr, address.ai_addrlen)
      #else
        result = Darwin.connect(descriptor, address.ai_addr, address.ai_addrlen)
      #endif
    } while result != 0 && errno == EINTR
    if result != 0 {
      guard errno == EINPROGRESS else { throw failure(errno) }
      try socket.wait(for: Int16(POLLOUT), limits: limits)
      var error: Int32 = 0
      var length = socklen_t(MemoryLayout<Int32>.size)
      guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else {
        throw .failed(lastError())
      }
      if error != 0 { throw failure(error) }
    }
    return socket
  }

  /// Sends all of `bytes`.
  func send(_ bytes: [UInt8], limits: Limits) throws(Failure) {
    #if canImport(Darwin)
      let flags: Int32 = 0
    #else
      let flags = Int32(MSG_NOSIGNAL)
    #endif
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { raw in
        systemSend(descriptor, raw.baseAddress! + offset, raw.count - offset, flags)
      }
      if count >= 0 {
        offset += count
      } else if errno == EAGAIN || errno == EWOULDBLOCK {
        try wait(for: Int16(POLLOUT), limits: limits)
      } else if errno != EINTR {
        throw .failed(lastError())
      }
    }
  }

  /// Reads what has arrived into `buffer`, waiting until something has.
  func read(into buffer: inout [UInt8], limits: Limits) throws(Failure) -> ReadResult {
    while true {
      let count = buffer.withUnsafeMutableBytes { raw in
        recv(descriptor, raw.baseAddress!, raw.count, 0)
      }
      if count > 0 { return .bytes(count) }
      if count == 0 { return .end }
      if errno == EAGAIN || errno == EWOULDBLOCK {
        try wait(for: Int16(POLLIN), limits: limits)
      } else if errno != EINTR {
        throw .failed(lastError())
      }
    }
  }

  /// Waits in slices until the socket is ready for `events` (or has an error to report).
  private func wait(for events: Int16, limits: Limits) throws(Failure) {
    var entry = pollfd(fd: descriptor, events: events, revents: 0)
    while true {
      let count = poll(&entry, 1, try limits.nextWait())
      if count > 0 { return }
      if count < 0 && errno != EINTR { throw .failed(Self.lastError()) }
    }
  }

  private static func failure(_ error: Int32) -> Failure {
    error == ECONNREFUSED ? .refused : .failed(String(cString: strerror(error)))
  }

  private static func lastError() -> String {
    String(cString: strerror(errno))
  }

  private func lastError() -> String { Self.lastError() }
}

/// The system's `send`, under a name that does not clash with ``ClientSocket/send(_:limits:)``.
private func systemSend(
  _ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ flags: Int32
) -> Int {
  #if canImport(Glibc)
    return Glibc.send(descriptor, bytes, count, flags)
  #elseif canImport(Musl)
    return Musl.send(descriptor, bytes, count, flags)
  #else
    return Darwin.send(descriptor, bytes, count, flags)
  #endif
}
