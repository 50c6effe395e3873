import Foundation
import HTTPServer
import ReactiveTesting
import RemoteBackend
import Services
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The transport's own HTTP/1.1 over sockets: how it frames requests, reads answers (chunked,
/// cut short, not HTTP, too large), keeps its deadline and stops when cancelled.
@Suite(.timeLimit(.minutes(3))) struct HTTPTransportTests {
  // MARK: - Answers

  @Test func aChunkedAnswerIsDecoded() async throws {
    let answer =
      "HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n"
      + "\r\n5;name=value\r\n[1, 2\r\nA\r\n, 3, 4, 5]\r\n0\r\nX-Checksum: none\r\n\r\n"
    try await withRawAnswer(answer) { transport in
      let (body, status) = try await transport.send("GET", path: ["items"])
      expectEqual(status, 201)
      expectEqual(String(decoding: body, as: UTF8.self), "[1, 2, 3, 4, 5]")
    }
  }

  @Test func anAnswerWithoutALengthEndsWithTheConnection() async throws {
    try await withRawAnswer("HTTP/1.0 200 OK\r\n\r\n{\"a\": 1}") { transport in
      let (body, status) = try await transport.send("GET", path: [])
      expectEqual(status, 200)
      expectEqual(String(decoding: body, as: UTF8.self), "{\"a\": 1}")
    }
  }

  @Test func anInterimAnswerIsSkipped() async throws {
    let answer =
      "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 404 Not Found\r\nContent-Length: 2\r\n\r\n{}"
    try await withRawAnswer(answer) { transport in
      let (body, status) = try await transport.send("GET", path: [])
      expectEqual(status, 404)
      expectEqual(body, Data("{}".utf8))
    }
  }

  @Test func anAnswerClosedInTheMiddleOfItsBodyIsUnreadable() async throws {
    try await withRawAnswer("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n[1, 2") { transport in
      #expect(
        await serviceError { try await transport.send("GET", path: []) }
          == .malformedResponse(
            "the connection to \(Self.server(transport)) closed 5 bytes before the end of the "
              + "answer"))
    }
    let cutChunk = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n[1, 2"
    try await withRawAnswer(cutChunk) { transport in
      #expect(
        await serviceError { try await transport.send("GET", path: []) }
          == .malformedResponse(
            "the connection to \(Self.server(transport)) closed before the last chunk of the "
              + "answer"))
    }
    try await withRawAnswer("HTTP/1.1 200 OK\r\nContent-Le") { transport in
      #expect(
        await serviceError { try await transport.send("GET", path: []) }
          == .malformedResponse(
            "the connection to \(Self.server(transport)) closed in the middle of the answer's "
              + "header"))
    }
  }

  @Test func anAnswerThatIsNotHTTPIsUnreadable() async throws {
    for garbage in ["SSH-2.0-OpenSSH_9.6\r\n", "HTTP/1.1 OK\r\n\r\n", "HTTP/2 200\r\n\r\n"] {
      try await withRawAnswer(garbage) { transport in
        let failure = await serviceError { try await transport.send("GET", path: []) }
        guard case .malformedResponse(let detail) = failure else {
          Issue.record("\(garbage.debugDescription) gave \(String(describing: failure))")
          return
        }
        #expect(detail.hasPrefix("the answer does not start with an HTTP status line: \""))
      }
    }
  }

  @Test func aBadChunkSizeIsUnreadable() async throws {
    for size in ["zz", "-1", ""] {
      let answer =
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\(size)\r\nabc\r\n0\r\n\r\n"
      try await withRawAnswer(answer) { transport in
        #expect(
          await serviceError { try await transport.send("GET", path: []) }
            == .malformedResponse(
              "a chunk size of the answer is not a hexadecimal number: \"\(size)\""))
      }
    }
  }

  @Test func aChunkLongerThanItsSizeIsUnreadable() async throws {
    let answer = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n"
    try await withRawAnswer(answer) { transport in
      #expect(
        await serviceError { try await transport.send("GET", path: []) }
          == .malformedResponse("a chunk of the answer is longer than its size says"))
    }
  }

  @Test func anOversizeAnswerIsRefusedBeforeItIsRead() async throws {
    let tooLarge = ServiceError.malformedResponse("the answer is larger than 64 MiB")
    let longBody = "HTTP/1.1 200 OK\r\nContent-Length: \(64 * 1024 * 1024 + 1)\r\n\r\n[]"
    try await withRawAnswer(longBody) { transport in
      #expect(await serviceError { try await transport.send("GET", path: []) } == tooLarge)
    }
    let longChunk = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4000001\r\n[]"
    try await withRawAnswer(longChunk) { transport in
      #expect(await serviceError { try await transport.send("GET", path: []) } == tooLarge)
    }
    let longHeader =
      "HTTP/1.1 200 OK\r\nX-Padding: \(String(repeating: "x", count: 64 * 1024))\r\n\r\n[]"
    try await withRawAnswer(longHeader) { transport in
      #expect(
        await serviceError { try await transport.send("GET", path: []) }
          == .malformedResponse("the answer's header is larger than 64 KiB"))
    }
  }

  @Test func anAnswerJustUnderTheHeaderLimitIsRead() async throws {
    let head = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nX-Padding: "
    let padding = String(repeating: "x", count: 64 * 1024 - head.utf8.count - 4)
    try await withRawAnswer(head + padding + "\r\n\r\n[]") { transport in
      let (body, status) = try await transport.send("GET", path: [])
      expectEqual(status, 200)
      expectEqual(body, Data("[]".utf8))
    }
  }

  // MARK: - Deadline and cancellation

  @Test func aServerThatAcceptsButNeverAnswersTimesOutWithinTheTimeout() async throws {
    let server = try HTTPServer { _ in .neverAnswer }
    defer { server.stop() }
    let transport = HTTPTransport(baseURL: server.url, timeout: .milliseconds(300))
    let start = ContinuousClock.now
    let failure = await serviceError { try await transport.send("GET", path: ["account"]) }
    let elapsed = ContinuousClock.now - start
    expectEqual(failure, .timedOut)
    #expect(elapsed >= .milliseconds(300))
    // The server never answers: without the deadline the call would wait for ever, so any
    // bound shows the deadline; this one is reached only by a hang, never by a busy machine.
    #expect(elapsed < hangBound, "took \(elapsed)")
  }

  @Test func cancellingTheCallerWhileTheServerIsSilentThrowsAtOnce() async throws {
    let log = HTTPServerEventLog()
    let server = try HTTPServer(onEvent: log.record) { _ in .neverAnswer }
    defer { server.stop() }
    let transport = HTTPTransport(baseURL: server.url, timeout: .seconds(30))
    let call = Task { try await transport.send("GET", path: ["account"]) }
    #expect(await log.firstEvent(timeout: hangBound) { $0.isReceived } != nil)
    let start = ContinuousClock.now
    call.cancel()
    let failure = await thrownError { try await call.value }
    #expect(failure is CancellationError)
    // Without the cancellation the call would wait for the 30-second timeout (a hang needs
    // longer than both); a busy machine stays well under it.
    #expect(ContinuousClock.now - start < .seconds(25))
    // The connection is closed too, not left to the server.
    #expect(await log.contains(.clientClosed(connection: 1), within: hangBound))
  }

  @Test func aRefusedPortIsUnreachableAfterEveryAddressIsTried() async throws {
    // Port 1: nothing listens there. `localhost` has two addresses where IPv6 is on, and
    // both refuse.
    for host in ["127.0.0.1", "localhost"] + (RawListener.hasIPv6Loopback ? ["[::1]"] : []) {
      let transport = HTTPTransport(baseURL: URL(string: "http://\(host):1")!)
      #expect(
        await serviceError { try await transport.send("GET", path: []) }
          == .unreachable("nothing accepted the connection at \(host):1"))
    }
  }

  // MARK: - Requests

  /// The base URL's path, the percent-encoded segments and the query, then the transport's
  /// fields and the caller's; the caller cannot change how the request is framed.
  @Test func aRequestIsFramedAsHTTP11() async throws {
    let listener = try RawListener(answer: "HTTP/1.1 204 No Content\r\n\r\n")
    defer { listener.stop() }
    let base = URL(string: "http://127.0.0.1:\(listener.port)/api/v1")!
    let transport = HTTPTransport(baseURL: base, timeout: hangBound)
    let (_, status) = try await transport.send(
      "POST", path: ["friends", "a b/c?"], query: "q=%C3%A9&n=2", body: Data("{}".utf8),
      headers: [
        ("Authorization", "Bearer abc"), ("Content-Length", "999"), ("connection", "keep-alive"),
      ])
    expectEqual(status, 204)
    #expect(
      listener.request()
        == "POST /api/v1/friends/a%20b/c%3F?q=%C3%A9&n=2 HTTP/1.1\r\n"
        + "Host: 127.0.0.1:\(listener.port)\r\nAccept: application/json\r\n"
        + "Content-Type: application/json\r\nContent-Length: 2\r\n"
        + "Authorization: Bearer abc\r\nConnection: close\r\n\r\n{}")
  }

  @Test func aHeaderWithALineBreakIsNeverSent() async throws {
    let log = HTTPServerEventLog()
    let server = try HTTPServer(onEvent: log.record) { _ in .response(HTTPResponse(status: 200)) }
    defer { server.stop() }
    let transport = HTTPTransport(baseURL: server.url, timeout: hangBound)
    for header in [
      (name: "Authorization", value: "Bearer a\r\nX-Evil: 1"),
      (name: "Authorization", value: "Bearer a\nX-Evil: 1"),
      (name: "X-Evil\r\nHost", value: "b"),
      (name: "X Evil", value: "b"),
    ] {
      let failure = await serviceError {
        try await transport.send("GET", path: ["account"], headers: [header])
      }
      guard case .invalid = failure else {
        Issue.record("\(header) gave \(String(describing: failure))")
        continue
      }
    }
    // A good request after them is the first the server sees.
    _ = try await transport.send("GET", path: ["account"])
    #expect(
      await log.firstEvent(timeout: hangBound) { $0.isReceived }
        == .received(connection: 1, method: .get, target: "/account"))
  }

  @Test(.enabled(if: RawListener.hasIPv6Loopback))
  func anIPv6AddressIsReached() async throws {
    let listener = try RawListener(
      answer: "HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\ntrue", ipv6: true)
    defer { listener.stop() }
    let transport = HTTPTransport(
      baseURL: URL(string: "http://[::1]:\(listener.port)")!, timeout: hangBound)
    let (body, status) = try await transport.send("GET", path: ["account"])
    expectEqual(status, 200)
    expectEqual(body, Data("true".utf8))
    #expect(
      listener.request()
        == "GET /account HTTP/1.1\r\nHost: [::1]:\(listener.port)\r\n"
        + "Accept: application/json\r\nConnection: close\r\n\r\n")
  }

  @Test func anHTTPSURLWithoutHTTPSSupportFailsAtOnce() async throws {
    try #require(!HTTPTransport.supportsHTTPS, "this build reaches https:// servers")
    let transport = HTTPTransport(baseURL: URL(string: "https://127.0.0.1:1")!)
    #expect(
      await serviceError { try await transport.send("GET", path: []) }
        == .unreachable(HTTPTransport.noHTTPSMessage))
  }

  // MARK: - Helpers

  /// The server as the transport's messages name it.
  private static func server(_ transport: HTTPTransport) -> String {
    "127.0.0.1:\(transport.baseURL.port ?? 0)"
  }

  /// Runs `body` with a transport to a server that answers every request with `answer`,
  /// byte for byte, then closes the connection.
  private func withRawAnswer(
    _ answer: String, _ body: (HTTPTransport) async throws -> Void
  ) async throws {
    let server = try HTTPServer { _ in .raw(Data(answer.utf8)) }
    defer { server.stop() }
    try await body(HTTPTransport(baseURL: server.url, timeout: hangBound))
  }
}

/// A listener on a loopback address (IPv4 or IPv6) that takes one connection, reads one
/// request (its head and the body its `Content-Length` announces), keeps it, and answers with
/// fixed bytes: to see the bytes a client sends, and to reach it over IPv6, which the test
/// server does not listen on.
final class RawListener: Sendable {
  let port: Int
  private let descriptor: Int32
  private let received = Mutex<[UInt8]>([])
  private let done = DispatchSemaphore(value: 0)

  /// Whether this machine can listen on `::1`.
  static let hasIPv6Loopback: Bool = {
    guard let (descriptor, _) = listen(ipv6: true) else { return false }
    close(descriptor)
    return true
  }()

  init(answer: String, ipv6: Bool = false) throws {
    guard let (descriptor, port) = Self.listen(ipv6: ipv6) else {
      throw POSIXError(.EADDRNOTAVAIL)
    }
    self.descriptor = descriptor
    self.port = port
    Thread { [self] in serve(answer) }.start()
  }

  /// The request received, as text; waits up to five seconds for it.
  func request() -> String {
    _ = done.wait(timeout: .now() + .seconds(5))
    done.signal()
    return String(decoding: received.withLock { $0 }, as: UTF8.self)
  }

  /// Stops listening, once the connection taken (if any) was answered.
  func stop() {
    // Wakes a thread still waiting in `accept`.
    shutdown(descriptor, Int32(SHUT_RDWR))
    _ = done.wait(timeout: .now() + .seconds(5))
    close(descriptor)
  }

  private func serve(_ answer: String) {
    defer { done.signal() }
    let connection = accept(descriptor, nil, nil)
    guard connection >= 0 else { return }
    defer { close(connection) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !Self.isWholeRequest(bytes) {
      let count = recv(connection, &buffer, buffer.count, 0)
      guard count > 0 else { break }
      bytes += buffer[..<count]
    }
    received.withLock { $0 = bytes }
    _ = Array(answer.utf8).withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }
  }

  /// A socket listening on the loopback address and the port the system chose for it.
  private static func listen(ipv6: Bool) -> (Int32, Int)? {
    let descriptor = socket(ipv6 ? AF_INET6 : AF_INET, streamType, 0)
    guard descriptor >= 0 else { return nil }
    var storage = sockaddr_storage()
    var length: socklen_t
    if ipv6 {
      length = socklen_t(MemoryLayout<sockaddr_in6>.size)
      withUnsafeMutableBytes(of: &storage) { raw in
        let address = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self)
        address.pointee.sin6_family = sa_family_t(AF_INET6)
        address.pointee.sin6_addr = in6addr_loopback
      }
    } else {
      length = socklen_t(MemoryLayout<sockaddr_in>.size)
      withUnsafeMutableBytes(of: &storage) { raw in
        let address = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self)
        address.pointee.sin_family = sa_family_t(AF_INET)
        address.pointee.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
      }
    }
    let listening = withUnsafeMutablePointer(to: &storage) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
        bind(descriptor, address, length) == 0 && systemListen(descriptor, 4) == 0
          && getsockname(descriptor, address, &length) == 0
      }
    }
    guard listening else {
      close(descriptor)
      return nil
    }
    // The port follows the family (and, on Darwin, the length) in both address types.
    let port = withUnsafeBytes(of: &storage) { raw in
      Int(UInt16(bigEndian: raw.load(fromByteOffset: 2, as: UInt16.self)))
    }
    return (descriptor, port)
  }

  private static func isWholeRequest(_ bytes: [UInt8]) -> Bool {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let end = text.range(of: "\r\n\r\n") else { return false }
    let head = text[..<end.lowerBound].lowercased()
    let length =
      head.components(separatedBy: "\r\n").first { $0.hasPrefix("content-length:") }
      .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
      ?? 0
    return text[end.upperBound...].utf8.count >= length
  }

  #if canImport(Glibc)
    private static let streamType = Int32(SOCK_STREAM.rawValue)
  #else
    private static let streamType = SOCK_STREAM
  #endif
}

/// The system's `listen`, under a name that does not clash with `RawListener.listen(ipv6:)`.
private func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
  #if canImport(Glibc)
    return Glibc.listen(descriptor, backlog)
  #else
    return Darwin.listen(descriptor, backlog)
  #endif
}
