import Foundation

/// One accepted connection: reads a request and answers it; the server closes it after.
struct Connection {
  let descriptor: Int32
  let id: Int
  /// When the connection was accepted: the request's deadlines count from here.
  let accepted: ContinuousClock.Instant
  /// The client's IPv4 address, in network byte order.
  let client: UInt32
  let server: ServerCore

  private var configuration: HTTPServerConfiguration { server.configuration }

  /// How reading a request ended.
  private enum Reading {
    case request(HTTPRequest)
    case reject(HTTPRequestError)
    /// The client closed its side (or the connection failed) before the request was whole.
    case clientGone
    /// Nothing to answer: the server is stopping, or an idle client sent nothing in time.
    case silent
  }

  /// How one wait-then-read step ended.
  private enum Received {
    case bytes
    case end
    case stopped
    case timedOut
  }

  func run() {
    let reading = readRequest()
    var handling = false
    if case .request = reading { handling = server.beginHandling(id) }
    if !handling && server.wasEvicted(id) {
      // Closed to make room for a newer connection while it was still waiting.
      reject(
        HTTPRequestError(
          status: 503, message: "the server is full and closed this idle connection; try again"))
      return
    }
    switch reading {
    case .silent:
      return
    case .clientGone:
      server.emit(.clientClosed(connection: id))
    case .reject(let error):
      reject(error)
    case .request(let request):
      server.emit(.received(connection: id, method: request.method, target: request.target))
      perform(server.handler(request))
    }
  }

  // MARK: - Reading

  private func readRequest() -> Reading {
    let deadline = accepted + configuration.requestTimeout
    let headDeadline = min(deadline, accepted + configuration.requestHeadTimeout)
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)

    // The head: everything up to the blank line.
    var scanned = 0
    var end: (head: Int, body: Int)
    while true {
      if let found = RequestHead.end(in: received, from: scanned) {
        end = found
        break
      }
      scanned = max(0, received.count - 2)
      if received.count > configuration.maximumHeadBytes {
        return .reject(
          HTTPRequestError(
            status: 431,
            message: "the request line and header fields exceed "
              + "\(configuration.maximumHeadBytes) bytes"))
      }
      switch receive(into: &received, chunk: &chunk, until: headDeadline) {
      case .bytes: continue
      case .end: return .clientGone
      case .stopped: return .silent
      case .timedOut:
        return received.isEmpty
          ? .silent
          : .reject(
            HTTPRequestError(
              status: 408, message: "the request line and header fields took too long to arrive"
            ))
      }
    }
    if end.head > configuration.maximumHeadBytes {
      return .reject(
        HTTPRequestError(
          status: 431,
          message: "the request line and header fields exceed "
            + "\(configuration.maximumHeadBytes) bytes"))
    }

    let head: RequestHead
    do {
      head = try RequestHead(parsing: received[..<end.head])
    } catch {
      return .reject(error)
    }
    if let violation = server.policy.violation(of: head) {
      return .reject(violation)
    }
    if head.contentLength > configuration.maximumBodyBytes {
      return .reject(
        HTTPRequestError(
          status: 413,
          message: "the request body has \(head.contentLength) bytes; the limit is "
            + "\(configuration.maximumBodyBytes)"))
    }

    // The body: exactly Content-Length bytes.
    let bodyEnd = end.body + head.contentLength
    if head.expectsContinue && received.count < bodyEnd {
      guard send(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { return .clientGone }
    }
    while received.count < bodyEnd {
      switch receive(into: &received, chunk: &chunk, until: deadline) {
      case .bytes: continue
      case .end: return .clientGone
      case .stopped: return .silent
      case .timedOut:
        return .reject(HTTPRequestError(status: 408, message: "the request body took too long"))
      }
    }

    let mediaType = head.headers["Content-Type"].map(RequestPolicy.mediaType) ?? ""
    if mediaType == "application/json" || mediaType.hasSuffix("+json"),
      let problem = JSONBodyCheck.problem(
        in: received[end.body..<bodyEnd], maximumNesting: configuration.maximumJSONNesting)
    {
      return .reject(HTTPRequestError(status: 400, message: problem))
    }
    do {
      return .request(
        try HTTPRequest(
          method: head.method, target: head.target, headers: head.headers,
          body: Data(received[end.body..<bodyEnd]),
          clientAddress: server.policy.clientAddress(
            peer: Self.text(of: client), headers: head.headers)))
    } catch {
      return .reject(error)
    }
  }

  /// An IPv4 address in network byte order, written `192.0.2.1`.
  static func text(of address: UInt32) -> String {
    withUnsafeBytes(of: address) { bytes in bytes.map(String.init).joined(separator: ".") }
  }

  /// Waits for bytes until `deadline` and appends what arrived to `received`.
  private func receive(
    into received: inout [UInt8], chunk: inout [UInt8], until deadline: ContinuousClock.Instant
  ) -> Received {
    while true {
      switch Socket.wait(
        descriptor, stop: server.stopDescriptor, milliseconds: Self.milliseconds(until: deadline))
      {
      case .stopped: return .stopped
      case .timedOut: return .timedOut
      case .ready: break
      }
      switch Socket.read(descriptor, into: &chunk, at: 0) {
      case .bytes(let count):
        received.append(contentsOf: chunk[..<count])
        return .bytes
      case .wouldBlock:
        continue
      case .end, .failed:
        return .end
      }
    }
  }

  // MARK: - Answering

  private func perform(_ reply: HTTPReply) {
    switch reply {
    case .response(let response):
      if send(response.serialized()) {
        server.emit(.responded(connection: id, status: response.status))
        Socket.shutdownWrite(descriptor)
      } else {
        server.emit(.clientClosed(connection: id))
      }
    case .raw(let data):
      if send(Array(data)) {
        Socket.shutdownWrite(descriptor)
      } else {
        server.emit(.clientClosed(connection: id))
      }
    case .closeWithoutAnswer:
      return
    case .neverAnswer:
      waitForClientToClose()
    case .eventStream(let stream):
      streamEvents(stream)
    }
  }

  /// Sends the head of an event stream, then its events as they come and a comment line
  /// after each silence of the keep-alive interval, until the stream ends, the client goes,
  /// or the server stops; then ends the stream.
  private func streamEvents(_ stream: HTTPEventStream) {
    defer { stream.finish() }
    guard let wake = stream.wakeDescriptor else { return }
    var headers = stream.headers
    headers.set("Content-Type", "text/event-stream; charset=utf-8")
    headers.set("Cache-Control", "no-store")
    let head = HTTPResponse(status: 200, headers: headers).head(contentLength: nil)
    guard send(Array(head.utf8)) else {
      server.emit(.clientClosed(connection: id))
      return
    }
    server.emit(.responded(connection: id, status: 200))
    let keepAlive = Self.milliseconds(in: configuration.eventStreamKeepAlive)
    var chunk = [UInt8](repeating: 0, count: 4 * 1024)
    while true {
      switch Socket.wait(
        descriptor, orWake: wake, stop: server.stopDescriptor, milliseconds: keepAlive)
      {
      case .stopped:
        Socket.shutdownWrite(descriptor)
        return
      case .client:
        // Whatever a client sends on an event stream is dropped; its end ends the stream.
        if clientHasGone(reading: &chunk) { return }
      case .woken:
        let (bytes, isEnding) = stream.take()
        if !bytes.isEmpty, !send(bytes) {
          server.emit(.clientClosed(connection: id))
          return
        }
        if isEnding {
          Socket.shutdownWrite(descriptor)
          return
        }
      case .timedOut:
        guard send(Array(":\n\n".utf8)) else {
          server.emit(.clientClosed(connection: id))
          return
        }
      }
    }
  }

  /// Answers a request the server cannot accept, then reads (and drops) what the client
  /// still sends for a short while, so that closing the socket does not reset the
  /// connection before the client has read the answer.
  private func reject(_ error: HTTPRequestError) {
    guard send(HTTPResponse.error(status: error.status, message: error.message).serialized())
    else {
      server.emit(.clientClosed(connection: id))
      return
    }
    server.emit(.rejected(connection: id, status: error.status))
    Socket.shutdownWrite(descriptor)
    let deadline = ContinuousClock.now + .milliseconds(500)
    var drained = 0
    var chunk = [UInt8](repeating: 0, count: 16 * 1024)
    var ignored: [UInt8] = []
    while drained < 4 * 1024 * 1024 {
      guard case .bytes = receive(into: &ignored, chunk: &chunk, until: deadline) else { return }
      drained += ignored.count
      ignored.removeAll(keepingCapacity: true)
    }
  }

  /// Holds the connection open without answering until the client closes it or the server
  /// stops.
  private func waitForClientToClose() {
    var chunk = [UInt8](repeating: 0, count: 4 * 1024)
    while true {
      switch Socket.wait(descriptor, stop: server.stopDescriptor, milliseconds: -1) {
      case .stopped, .timedOut:
        return
      case .ready:
        if clientHasGone(reading: &chunk) { return }
      }
    }
  }

  /// Reads (and drops) what the client sent, once; returns whether the client closed the
  /// connection or it failed, having reported it.
  private func clientHasGone(reading chunk: inout [UInt8]) -> Bool {
    switch Socket.read(descriptor, into: &chunk, at: 0) {
    case .bytes, .wouldBlock:
      return false
    case .end, .failed:
      server.emit(.clientClosed(connection: id))
      return true
    }
  }

  /// Sends all of `bytes`, waiting for the client to take them for at most the request
  /// timeout. Returns `false` when the client is gone, too slow, or the server stops.
  private func send(_ bytes: [UInt8]) -> Bool {
    let deadline = ContinuousClock.now + configuration.requestTimeout
    var offset = 0
    while offset < bytes.count {
      let result = bytes.withUnsafeBytes { all in
        Socket.write(descriptor, UnsafeRawBufferPointer(rebasing: all[offset...]))
      }
      switch result {
      case .written(let count):
        offset += count
      case .wouldBlock:
        let waited = Socket.wait(
          descriptor, forWriting: true, stop: server.stopDescriptor,
          milliseconds: Self.milliseconds(until: deadline))
        guard waited == .ready else { return false }
      case .failed:
        return false
      }
    }
    return true
  }

  /// The whole milliseconds of `duration`, rounded up, at least 1.
  private static func milliseconds(in duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: max(1, total))
  }

  /// The whole milliseconds from now to `deadline`, rounded up, at least 0.
  private static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
    let remaining = ContinuousClock.now.duration(to: deadline)
    guard remaining > .zero else { return 0 }
    let (seconds, attoseconds) = remaining.components
    let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: total)
  }
}
