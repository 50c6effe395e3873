import Foundation
import HTTPServer
import ReactiveTesting
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct ServerSentEventTests {
  private func text(_ event: ServerSentEvent) -> String {
    event.wireText
  }

  @Test func writesEachFieldOnALineAndEndsWithABlankLine() {
    expectEqual(text(ServerSentEvent(data: "hello")), "data: hello\n\n")
    expectEqual(
      text(ServerSentEvent(name: "screen", data: "<p>a</p>", id: "7")),
      "event: screen\nid: 7\ndata: <p>a</p>\n\n")
    expectEqual(text(ServerSentEvent(data: "")), "data: \n\n")
  }

  @Test func everyKindOfLineBreakInTheDataStartsADataField() {
    expectEqual(
      text(ServerSentEvent(data: "one\ntwo\r\nthree\rfour\n")),
      "data: one\ndata: two\ndata: three\ndata: four\ndata: \n\n")
  }

  /// A name or an identifier cannot end its field and forge another, nor end the event.
  @Test func lineBreaksInTheNameOrTheIdentifierCannotStartAField() {
    expectEqual(
      text(ServerSentEvent(name: "a\ndata: forged\n", data: "x", id: "1\r\n\r\nevent: b")),
      "event: a data: forged \nid: 1    event: b\ndata: x\n\n")
  }
}

@Suite(.timeLimit(.minutes(1))) struct EventStreamTests {
  /// The streams the `/events` route made, in order.
  final class Streams: Sendable {
    let made = Mutex<[HTTPEventStream]>([])
    let ended = Atomic<Int>(0)

    var last: HTTPEventStream? { made.withLock { $0.last } }

    func router() -> HTTPRouter {
      var router = HTTPRouter()
      router.get("/events") { [self] _ in
        let stream = HTTPEventStream(headers: ["X-Tab": "1"]) { [self] in
          ended.add(1, ordering: .sequentiallyConsistent)
        }
        made.withLock { $0.append(stream) }
        return .eventStream(stream)
      }
      return router
    }

    /// Waits (at most two seconds) for the route to have made `count` streams, and returns
    /// the last.
    func waitForStream(count: Int = 1) async throws -> HTTPEventStream {
      for _ in 0..<200 {
        if let stream = made.withLock({ $0.count >= count ? $0.last : nil }) { return stream }
        try await Task.sleep(for: .milliseconds(10))
      }
      throw RawClientError("no stream was made")
    }

    /// Waits (at most two seconds) for `count` streams to have ended.
    func waitForEnds(_ count: Int) async throws {
      for _ in 0..<200 {
        if ended.load(ordering: .sequentiallyConsistent) >= count { return }
        try await Task.sleep(for: .milliseconds(10))
      }
      throw RawClientError("\(ended.load(ordering: .sequentiallyConsistent)) streams ended")
    }
  }

  /// Opens `/events` and reads its head.
  private func open(_ server: HTTPServer) throws -> (RawClient, head: String, body: String) {
    let client = try RawClient(port: server.port)
    client.send("GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    let received = client.read(until: "\r\n\r\n")
    let parts = received.components(separatedBy: "\r\n\r\n")
    return (client, parts[0], parts.dropFirst().joined(separator: "\r\n\r\n"))
  }

  @Test func sendsTheHeadAtOnceThenEachEventAsItComes() async throws {
    let streams = Streams()
    try await withServer(router: streams.router()) { server, log in
      let (client, head, early) = try open(server)
      #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(head)")
      #expect(head.contains("Content-Type: text/event-stream; charset=utf-8"))
      #expect(head.contains("Cache-Control: no-store"))
      #expect(head.contains("X-Tab: 1"))
      #expect(!head.lowercased().contains("content-length"))
      expectEqual(early, "")
      let stream = try await streams.waitForStream()
      #expect(stream.send(ServerSentEvent(name: "screen", data: "one")))
      expectEqual(client.read(until: "\n\n"), "event: screen\ndata: one\n\n")
      #expect(stream.send(ServerSentEvent(data: "two\nlines")))
      #expect(stream.send(ServerSentEvent(data: "three")))
      expectEqual(client.read(until: "three\n\n"), "data: two\ndata: lines\n\ndata: three\n\n")
      #expect(await log.contains(.responded(connection: 1, status: 200), within: .seconds(2)))
      #expect(!stream.hasEnded)
      expectEqual(streams.ended.load(ordering: .sequentiallyConsistent), 0)
    }
  }

  @Test func endingTheStreamSendsWhatIsQueuedThenClosesAndCallsOnEndOnce() async throws {
    let streams = Streams()
    try await withServer(router: streams.router()) { server, log in
      let (client, _, _) = try open(server)
      let stream = try await streams.waitForStream()
      stream.send(ServerSentEvent(data: "last"))
      stream.end()
      stream.end()
      // Read to the end of the connection: the server closed it.
      expectEqual(client.readText(), "data: last\n\n")
      try await streams.waitForEnds(1)
      #expect(stream.hasEnded)
      #expect(!stream.send(ServerSentEvent(data: "too late")))
      #expect(await log.contains(.closed(connection: 1), within: .seconds(2)))
      expectEqual(streams.ended.load(ordering: .sequentiallyConsistent), 1)
    }
  }

  @Test func aClientThatClosesEndsItsStream() async throws {
    let streams = Streams()
    try await withServer(router: streams.router()) { server, log in
      var opened: HTTPEventStream?
      do {
        let (client, _, _) = try open(server)
        opened = try await streams.waitForStream()
        withExtendedLifetime(client) {}
      }  // the client is closed here
      let stream = try #require(opened)
      try await streams.waitForEnds(1)
      #expect(stream.hasEnded)
      #expect(!stream.send(ServerSentEvent(data: "nobody listens")))
      #expect(await log.contains(.clientClosed(connection: 1), within: .seconds(2)))
    }
  }

  @Test func aSilentStreamGetsACommentLineAfterEachKeepAliveInterval() async throws {
    let streams = Streams()
    var configuration = lenient()
    configuration.eventStreamKeepAlive = .milliseconds(20)
    try await withServer(configuration: configuration, router: streams.router()) { server, _ in
      let (client, _, _) = try open(server)
      expectEqual(client.read(until: ":\n\n:\n\n"), ":\n\n:\n\n")
      let stream = try await streams.waitForStream()
      #expect(!stream.hasEnded)
    }
  }

  @Test func stoppingTheServerEndsEveryStream() async throws {
    let streams = Streams()
    let log = HTTPServerEventLog()
    let server = try HTTPServer(
      configuration: lenient(), onEvent: log.record, router: streams.router())
    let (first, _, _) = try open(server)
    let (second, _, _) = try open(server)
    _ = try await streams.waitForStream(count: 2)
    server.stop()
    try await streams.waitForEnds(2)
    expectEqual(first.readText(), "")
    expectEqual(second.readText(), "")
  }

  /// Events sent faster than the client reads pile up to the stream's bound, which ends it.
  @Test func aStreamMoreThanItsBoundBehindEnds() {
    let ended = Atomic<Int>(0)
    let stream = HTTPEventStream(maximumQueuedBytes: 40) {
      ended.add(1, ordering: .sequentiallyConsistent)
    }
    #expect(stream.send(ServerSentEvent(data: "0123456789")))
    #expect(stream.send(ServerSentEvent(data: "0123456789")))
    #expect(!stream.send(ServerSentEvent(data: "0123456789")))
    #expect(stream.hasEnded)
    #expect(!stream.send(ServerSentEvent(data: "")))
    expectEqual(ended.load(ordering: .sequentiallyConsistent), 1)
  }
}

extension RawClient {
  /// Reads until what was read ends with `marker` or the connection ends or two seconds
  /// pass without bytes, and returns it as text.
  func read(until marker: String) -> String {
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1)
    let wanted = Array(marker.utf8)
    while !result.ends(with: wanted) {
      let count = recv(descriptor, &buffer, 1, 0)
      if count <= 0 { break }
      result.append(buffer[0])
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// Reads until the server closes the connection, as text.
  func readText() -> String {
    String(decoding: readAll(), as: UTF8.self)
  }
}

extension Array where Element: Equatable {
  fileprivate func ends(with suffix: [Element]) -> Bool {
    count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
  }
}
