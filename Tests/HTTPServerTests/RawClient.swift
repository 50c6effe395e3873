import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A client that sends bytes exactly as given, to test how the server copes with requests
/// an HTTP library would never send. Every read gives up after two seconds.
final class RawClient: Sendable {
  let descriptor: Int32

  /// Connects to `127.0.0.1:port`.
  init(port: UInt16) throws {
    #if canImport(Glibc)
      descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw RawClientError("socket failed") }
    var timeout = timeval(tv_sec: 2, tv_usec: 0)
    setsockopt(
      descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    #if canImport(Darwin)
      var on: Int32 = 1
      setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(descriptor)
      throw RawClientError("connect failed: errno \(errno)")
    }
  }

  deinit {
    close(descriptor)
  }

  /// Sends all of `text`; returns `false` when the server closed the connection.
  @discardableResult
  func send(_ text: String) -> Bool {
    send(Array(text.utf8))
  }

  /// Sends all of `bytes`; returns `false` when the server closed the connection.
  @discardableResult
  func send(_ bytes: [UInt8]) -> Bool {
    #if canImport(Glibc)
      let flags = Int32(MSG_NOSIGNAL)
    #else
      let flags: Int32 = 0
    #endif
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { raw in
        systemSend(descriptor, raw.baseAddress! + offset, raw.count - offset, flags)
      }
      if count <= 0 { return false }
      offset += count
    }
    return true
  }

  /// Closes the sending side, so the server reads the end of the stream.
  func finishSending() {
    shutdown(descriptor, Int32(SHUT_WR))
  }

  /// Reads until the server closes the connection (or two seconds pass without bytes).
  func readAll() -> [UInt8] {
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = recv(descriptor, &buffer, buffer.count, 0)
      if count <= 0 { return result }
      result.append(contentsOf: buffer[..<count])
    }
  }

  /// Reads until the server closes the connection, as text.
  func readResponse() -> RawResponse {
    RawResponse(bytes: readAll())
  }

  /// Sends `request` and reads the whole answer.
  static func exchange(port: UInt16, _ request: String) throws -> RawResponse {
    let client = try RawClient(port: port)
    client.send(request)
    return client.readResponse()
  }
}

/// An answer read off the wire, split into the final response's head and body (after any
/// `100 Continue`).
struct RawResponse {
  var bytes: [UInt8]
  /// The final response's status line and header fields, without the blank line.
  var headBytes: ArraySlice<UInt8>
  /// What follows the blank line.
  var bodyBytes: ArraySlice<UInt8>

  init(bytes: [UInt8]) {
    self.bytes = bytes
    var start = 0
    var split: (head: ArraySlice<UInt8>, body: ArraySlice<UInt8>) = (bytes[...], [])
    while let end = Self.blankLine(in: bytes, from: start) {
      split = (bytes[start..<end], bytes[(end + 4)...])
      guard bytes[start...].starts(with: Array("HTTP/1.1 100 ".utf8)) else { break }
      start = end + 4
    }
    headBytes = split.head
    bodyBytes = split.body
  }

  private static func blankLine(in bytes: [UInt8], from start: Int) -> Int? {
    let marker = Array("\r\n\r\n".utf8)
    guard bytes.count >= start + 4 else { return nil }
    return (start...(bytes.count - 4)).first { bytes[$0..<($0 + 4)].elementsEqual(marker) }
  }

  /// Everything received, as text.
  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// The status code of the final response, or `nil` when there is no status line.
  var status: Int? {
    let parts = head.split(separator: " ", maxSplits: 2)
    guard parts.count >= 2, parts[0].hasPrefix("HTTP/1.") else { return nil }
    return Int(parts[1])
  }

  /// The final response's head as text.
  var head: String { String(decoding: headBytes, as: UTF8.self) }

  /// The final response's body as text.
  var body: String { String(decoding: bodyBytes, as: UTF8.self) }
}

struct RawClientError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

private func systemSend(
  _ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int, _ flags: Int32
) -> Int {
  send(descriptor, pointer, count, flags)
}
