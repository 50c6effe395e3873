import Foundation

/// One Server-Sent Event: what an ``HTTPEventStream`` sends, and a browser's `EventSource`
/// receives as one `message` (or as an event of its own ``name``).
public struct ServerSentEvent: Hashable, Sendable {
  /// The event's type (the `event:` field), which a page listens for by name; `nil` for a
  /// plain `message`.
  public var name: String?
  /// The event's text (the `data:` fields), any number of lines.
  public var data: String
  /// The event's identifier (the `id:` field), which a browser sends back as
  /// `Last-Event-ID` when it connects again; `nil` for none.
  public var id: String?

  /// Creates an event. Line breaks in `name` and `id`, which would end their field and
  /// start another, are replaced by spaces; `data` keeps its lines.
  public init(name: String? = nil, data: String, id: String? = nil) {
    self.name = name
    self.data = data
    self.id = id
  }

  /// The event as a stream writes it: one line a field, ending with the blank line that
  /// sends it.
  public var wireText: String {
    var text = ""
    if let name { text += "event: \(Self.singleLine(name))\n" }
    if let id { text += "id: \(Self.singleLine(id))\n" }
    // Every kind of line break ends a field: each line of the data is a field of its own,
    // and the page joins them with "\n" again.
    var line = ""
    var previousWasReturn = false
    for scalar in data.unicodeScalars {
      if scalar == "\n" && previousWasReturn {
        previousWasReturn = false
        continue
      }
      previousWasReturn = scalar == "\r"
      if scalar == "\n" || scalar == "\r" {
        text += "data: \(line)\n"
        line = ""
      } else {
        line.unicodeScalars.append(scalar)
      }
    }
    text += "data: \(line)\n\n"
    return text
  }

  private static func singleLine(_ text: String) -> String {
    String(
      String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\r" || $0 == "\n" ? " " : $0 }))
  }
}

/// A response that stays open and sends events as they happen: a body of Server-Sent
/// Events (`text/event-stream`), which a page reads with `EventSource`.
///
/// A handler makes the stream, keeps it where the code that has events finds it, and
/// answers with ``HTTPReply/eventStream(_:)``. The connection's thread sends the head, then
/// each event given to ``send(_:)`` (from any thread) as soon as it can, and a comment line
/// every ``HTTPServerConfiguration/eventStreamKeepAlive`` when there is nothing to say, so
/// that a connection the client dropped without a word is noticed. The stream ends when the
/// client closes the connection, when a write to it fails or times out, when it falls more
/// than ``maximumQueuedBytes`` behind, when ``end()`` is called, or when the server stops;
/// `onEnd` is then called once, on whichever thread ended it.
///
/// ```swift
/// router.get("/events") { _ in
///   let stream = HTTPEventStream(onEnd: { clocks.stop() })
///   clocks.start { time in stream.send(ServerSentEvent(name: "tick", data: time)) }
///   return .eventStream(stream)
/// }
/// ```
///
/// A stream is the answer to one request: answering two with the same stream is a mistake
/// whose events each connection would take a part of. Each open stream holds one of the
/// server's connections (see
/// ``HTTPServerConfiguration/maximumConnections`` and
/// ``HTTPServerConfiguration/maximumConnectionsPerClient``) and its thread until it ends.
public final class HTTPEventStream: Hashable, Sendable {
  /// The response's header fields beside those the server writes (`Content-Type`,
  /// `Cache-Control: no-store`, `Connection: close`).
  public let headers: HTTPHeaders
  /// How many bytes of events may wait for a client that does not read them before the
  /// stream ends.
  public let maximumQueuedBytes: Int
  private let state: LockedState
  /// The pipe that wakes the connection's thread when an event is queued or the stream ends.
  private let wake: (read: Int32, write: Int32)?

  /// Creates a stream that calls `onEnd` once, when it ends.
  ///
  /// - Parameters:
  ///   - headers: More header fields of the response.
  ///   - maximumQueuedBytes: How far the client may fall behind before the stream ends.
  ///   - onEnd: Called once when the stream ends, for whatever reason; it must not call
  ///     ``send(_:)`` or ``end()`` of this stream.
  public init(
    headers: HTTPHeaders = HTTPHeaders(), maximumQueuedBytes: Int = 1024 * 1024,
    onEnd: @escaping @Sendable () -> Void = {}
  ) {
    self.headers = headers
    self.maximumQueuedBytes = maximumQueuedBytes
    state = LockedState(onEnd: onEnd)
    // Without a pipe (out of descriptors), the stream ends as soon as it is served.
    wake = try? Socket.makePipe()
  }

  deinit {
    if let wake {
      Socket.close(wake.read)
      Socket.close(wake.write)
    }
  }

  /// Queues `event` for the client. Returns `false`, and sends nothing, once the stream
  /// has ended; ends the stream when the client is more than ``maximumQueuedBytes``
  /// behind.
  @discardableResult
  public func send(_ event: ServerSentEvent) -> Bool {
    let bytes = Array(event.wireText.utf8)
    let outcome = state.withLock { state -> Bool? in
      guard !state.hasEnded else { return nil }
      guard state.queued.count + bytes.count <= maximumQueuedBytes else { return false }
      state.queued += bytes
      return true
    }
    switch outcome {
    case nil: return false
    case false?:
      finish()
      return false
    case true?:
      if let wake { Socket.signal(wake.write) }
      return true
    }
  }

  /// Ends the stream: the events queued so far are still sent, then the connection closes.
  public func end() {
    let first = state.withLock { state in
      defer { state.isEnding = true }
      return !state.isEnding
    }
    if first, let wake { Socket.signal(wake.write) }
  }

  /// Whether the stream has ended: ``send(_:)`` sends nothing more.
  public var hasEnded: Bool {
    state.withLock { $0.hasEnded }
  }

  public static func == (a: HTTPEventStream, b: HTTPEventStream) -> Bool { a === b }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }

  // MARK: - For the connection's thread

  /// The descriptor that becomes readable when there is something to do; `nil` when the
  /// stream could not make one.
  var wakeDescriptor: Int32? { wake?.read }

  /// Empties the wake-up pipe, and takes the queued bytes and whether the stream was asked
  /// to end (after them).
  func take() -> (bytes: [UInt8], isEnding: Bool) {
    if let wake { Socket.drain(wake.read) }
    return state.withLock { state in
      defer { state.queued = [] }
      return (state.queued, state.isEnding || state.hasEnded)
    }
  }

  /// Marks the stream ended and calls `onEnd`, the first time only.
  func finish() {
    let onEnd = state.withLock { state -> (@Sendable () -> Void)? in
      guard !state.hasEnded else { return nil }
      state.hasEnded = true
      state.queued = []
      defer { state.onEnd = nil }
      return state.onEnd
    }
    if let wake { Socket.signal(wake.write) }
    onEnd?()
  }

  /// The state the connection's thread and the senders share.
  private final class LockedState: @unchecked Sendable {
    // `@unchecked Sendable`: `value` is only touched with `lock` held.
    struct Value {
      var queued: [UInt8] = []
      var isEnding = false
      var hasEnded = false
      var onEnd: (@Sendable () -> Void)?
    }
    private let lock = NSLock()
    private var value: Value

    init(onEnd: @escaping @Sendable () -> Void) {
      value = Value(onEnd: onEnd)
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
      lock.withLock { body(&value) }
    }
  }
}
