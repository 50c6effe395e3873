// The only file of the module that talks to the operating system. Everything here is plain
// POSIX (socket, bind, listen, accept, poll, read, write, pipe) and compiles against Glibc
// (Linux), Musl (static Linux) and Darwin (macOS); the differences (the socket type constant,
// the address length field Darwin has, how to keep a closed peer from raising SIGPIPE, and
// which module names the calls that clash with the wrappers' names) are marked below.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Thin, non-blocking wrappers around the socket calls the server needs.
enum Socket {
  /// What a read returned.
  enum ReadResult: Equatable {
    /// This many bytes were read.
    case bytes(Int)
    /// The peer closed its side: no more bytes will come.
    case end
    /// Nothing to read yet.
    case wouldBlock
    /// The connection failed (for example it was reset).
    case failed
  }

  /// What a write returned.
  enum WriteResult: Equatable {
    /// This many bytes were written.
    case written(Int)
    /// The send buffer is full.
    case wouldBlock
    /// The peer is gone.
    case failed
  }

  /// What waiting for a descriptor ended with.
  enum WaitResult: Equatable {
    /// The descriptor is ready (or has an error or a hang-up to report).
    case ready
    /// The stop descriptor became readable: the server is stopping.
    case stopped
    /// The deadline passed.
    case timedOut
  }

  /// Opens a non-blocking TCP socket listening on an IPv4 address.
  ///
  /// - Returns: The descriptor and the port it is bound to (the one the system chose when
  ///   `port` is 0).
  static func listen(
    host: String, port: UInt16, backlog: Int32
  ) throws(HTTPServerError) -> (descriptor: Int32, port: UInt16) {
    var address = sockaddr_in()
    #if canImport(Darwin)
      // Darwin's socket addresses start with their own length.
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
      throw .invalidHost(host)
    }
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #elseif canImport(Musl)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else {
      throw .cannotListen(host: host, port: port, reason: lastError("socket"))
    }
    func fail(_ call: String) -> HTTPServerError {
      let error = HTTPServerError.cannotListen(host: host, port: port, reason: lastError(call))
      close(descriptor)
      return error
    }
    var reuse: Int32 = 1
    guard
      setsockopt(
        descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size)) == 0
    else { throw fail("setsockopt") }
    let bound = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
        bind(descriptor, generic, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0 else { throw fail("bind") }
    guard systemListen(descriptor, backlog) == 0 else { throw fail("listen") }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
        getsockname(descriptor, generic, &length)
      }
    }
    guard named == 0 else { throw fail("getsockname") }
    guard setNonBlocking(descriptor) else { throw fail("fcntl") }
    return (descriptor, UInt16(bigEndian: address.sin_port))
  }

  /// Accepts one pending connection as a non-blocking socket.
  ///
  /// - Returns: The connection's descriptor and the client's IPv4 address (in network byte
  ///   order), or `nil` when no connection is pending or the system refused one (for
  ///   example when out of descriptors).
  static func accept(_ listener: Int32) -> (descriptor: Int32, client: UInt32)? {
    while true {
      var address = sockaddr_in()
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let descriptor = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
          #if canImport(Glibc)
            Glibc.accept(listener, generic, &length)
          #elseif canImport(Musl)
            Musl.accept(listener, generic, &length)
          #else
            Darwin.accept(listener, generic, &length)
          #endif
        }
      }
      if descriptor >= 0 {
        guard setNonBlocking(descriptor) else {
          close(descriptor)
          continue
        }
        #if canImport(Darwin)
          // Darwin has no MSG_NOSIGNAL: ask the socket itself not to raise SIGPIPE.
          var on: Int32 = 1
          setsockopt(
            descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return (descriptor, address.sin_addr.s_addr)
      }
      if errno == EINTR || errno == ECONNABORTED { continue }
      return nil
    }
  }

  /// Reads up to `buffer.count - offset` bytes into `buffer` starting at `offset`.
  static func read(_ descriptor: Int32, into buffer: inout [UInt8], at offset: Int) -> ReadResult {
    while true {
      let count = buffer.withUnsafeMutableBytes { raw in
        recv(descriptor, raw.baseAddress! + offset, raw.count - offset, 0)
      }
      if count > 0 { return .bytes(count) }
      if count == 0 { return .end }
      if errno == EINTR { continue }
      if errno == EAGAIN || errno == EWOULDBLOCK { return .wouldBlock }
      return .failed
    }
  }

  /// Writes as many of `bytes` as the send buffer takes.
  static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> WriteResult {
    #if canImport(Darwin)
      let flags: Int32 = 0
    #else
      let flags = Int32(MSG_NOSIGNAL)
    #endif
    while true {
      let count = send(descriptor, bytes.baseAddress, bytes.count, flags)
      if count >= 0 { return .written(count) }
      if errno == EINTR { continue }
      if errno == EAGAIN || errno == EWOULDBLOCK { return .wouldBlock }
      return .failed
    }
  }

  /// Waits until `descriptor` can be read (or written, with `forWriting`), `stop` becomes
  /// readable, or `milliseconds` pass (a negative value waits without a time limit).
  static func wait(
    _ descriptor: Int32, forWriting: Bool = false, stop: Int32, milliseconds: Int32
  ) -> WaitResult {
    let events = Int16(forWriting ? POLLOUT : POLLIN)
    var descriptors = [
      pollfd(fd: descriptor, events: events, revents: 0),
      pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let count = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { return count == 0 ? .timedOut : .ready }
      if descriptors[1].revents != 0 { return .stopped }
      return .ready
    }
  }

  /// What waiting for a client or for a wake-up pipe ended with.
  enum StreamWaitResult: Equatable {
    /// The client sent something, closed its side, or the connection failed.
    case client
    /// The wake-up pipe became readable.
    case woken
    /// The stop descriptor became readable: the server is stopping.
    case stopped
    /// The deadline passed.
    case timedOut
  }

  /// Waits until `descriptor` is readable, `wake` is readable, the server stops, or
  /// `milliseconds` pass (`-1`: no deadline).
  static func wait(
    _ descriptor: Int32, orWake wake: Int32, stop: Int32, milliseconds: Int32
  ) -> StreamWaitResult {
    var descriptors = [
      pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
      pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let count = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
      if count < 0 && errno == EINTR { continue }
      if count == 0 { return .timedOut }
      if count < 0 || descriptors[2].revents != 0 { return .stopped }
      if descriptors[0].revents != 0 { return .client }
      return .woken
    }
  }

  /// Reads and discards everything a non-blocking pipe holds.
  static func drain(_ descriptor: Int32) {
    var buffer = [UInt8](repeating: 0, count: 256)
    while true {
      let count = buffer.withUnsafeMutableBytes { bytes in
        #if canImport(Glibc)
          Glibc.read(descriptor, bytes.baseAddress, bytes.count)
        #elseif canImport(Musl)
          Musl.read(descriptor, bytes.baseAddress, bytes.count)
        #else
          Darwin.read(descriptor, bytes.baseAddress, bytes.count)
        #endif
      }
      if count < 0 && errno == EINTR { continue }
      if count < buffer.count { return }
    }
  }

  /// Closes the sending side: the peer reads the end of the stream after what was sent.
  static func shutdownWrite(_ descriptor: Int32) {
    _ = shutdown(descriptor, Int32(SHUT_WR))
  }

  /// Closes the receiving side: a thread waiting to read from `descriptor` wakes up and
  /// reads the end of the stream, while the descriptor can still send.
  static func shutdownRead(_ descriptor: Int32) {
    _ = shutdown(descriptor, Int32(SHUT_RD))
  }

  /// An IPv4 address in network byte order, written as `a.b.c.d`.
  static func dottedQuad(_ address: UInt32) -> String {
    withUnsafeBytes(of: address) { bytes in bytes.map(String.init).joined(separator: ".") }
  }

  /// Closes a descriptor.
  static func close(_ descriptor: Int32) {
    #if canImport(Glibc)
      _ = Glibc.close(descriptor)
    #elseif canImport(Musl)
      _ = Musl.close(descriptor)
    #else
      _ = Darwin.close(descriptor)
    #endif
  }

  /// Creates a pipe whose read end becomes readable when one byte is written to its write
  /// end; both ends are non-blocking.
  static func makePipe() throws(HTTPServerError) -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw .systemCallFailed(lastError("pipe")) }
    _ = setNonBlocking(ends[0])
    _ = setNonBlocking(ends[1])
    return (ends[0], ends[1])
  }

  /// Writes one byte to a pipe, ignoring a full pipe (it is readable then anyway).
  static func signal(_ descriptor: Int32) {
    var byte: UInt8 = 1
    #if canImport(Glibc)
      _ = Glibc.write(descriptor, &byte, 1)
    #elseif canImport(Musl)
      _ = Musl.write(descriptor, &byte, 1)
    #else
      _ = Darwin.write(descriptor, &byte, 1)
    #endif
  }

  private static func setNonBlocking(_ descriptor: Int32) -> Bool {
    let flags = fcntl(descriptor, F_GETFL, 0)
    return flags >= 0 && fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0
  }

  /// The machine's own names: its host name (`gethostname`), and, when `includingAddresses`,
  /// the IPv4 address of each of its interfaces (`getifaddrs`).
  static func machineNames(includingAddresses: Bool) -> [String] {
    var names: [String] = []
    var buffer = [CChar](repeating: 0, count: 256)
    if gethostname(&buffer, buffer.count - 1) == 0 {
      let name = String(
        decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if !name.isEmpty { names.append(name) }
    }
    var list: UnsafeMutablePointer<ifaddrs>?
    guard includingAddresses, getifaddrs(&list) == 0, let first = list else { return names }
    defer { freeifaddrs(list) }
    var entry: UnsafeMutablePointer<ifaddrs>? = first
    while let current = entry {
      defer { entry = current.pointee.ifa_next }
      guard let address = current.pointee.ifa_addr,
        address.pointee.sa_family == sa_family_t(AF_INET)
      else { continue }
      let ipv4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee }
      names.append(IPv4Block.text(of: UInt32(bigEndian: ipv4.sin_addr.s_addr)))
    }
    return names
  }

  private static func lastError(_ call: String) -> String {
    "\(call): \(String(cString: strerror(errno)))"
  }
}

/// The system's `listen`, under a name that does not clash with
/// ``Socket/listen(host:port:backlog:)``.
private func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
  #if canImport(Glibc)
    return Glibc.listen(descriptor, backlog)
  #elseif canImport(Musl)
    return Musl.listen(descriptor, backlog)
  #else
    return Darwin.listen(descriptor, backlog)
  #endif
}
