import Dispatch
import Foundation

/// A small HTTP/1.1 server for local use: a development backend, and a stand-in server for
/// tests of HTTP clients.
///
/// The server listens as soon as it is created and answers each connection on its own
/// thread: it reads one request (`Content-Length` bodies only), calls the handler, sends
/// the reply and closes the connection (`Connection: close`); a reply that is an
/// ``HTTPEventStream`` keeps the connection, sending its events as they come, until the
/// stream ends. It never crashes on bad
/// input: malformed requests get `400`, oversized ones `413` or `431`, slow ones `408`,
/// requests for another host `421`, from another web origin `403`, with a body of another
/// media type than the configuration allows `415` (see ``HTTPServerConfiguration``), always
/// with a JSON body `{"error": …}`. Slow clients cannot starve it: the request head has a
/// short deadline, one client address may hold only a few connections, and when the server
/// is full the oldest connection still waiting for its request makes room for the new one.
///
/// Handlers run on the connection's thread and may block (for example on file I/O). A
/// handler can also make the server misbehave on purpose (``HTTPReply/neverAnswer``,
/// ``HTTPReply/closeWithoutAnswer``, ``HTTPReply/raw(_:)``, ``HTTPReply/garbageJSON``),
/// and the `onEvent` observer tells a test what happened on the wire, for example that a
/// client closed its connection.
///
/// ```swift
/// var router = HTTPRouter()
/// router.get("/hello") { _ in .response(.text("hello")) }
/// let server = try HTTPServer(router: router)
/// defer { server.stop() }
/// print(server.url)  // http://127.0.0.1:43117
/// ```
public final class HTTPServer: Sendable {
  /// Answers one request; called on the connection's thread.
  public typealias Handler = @Sendable (HTTPRequest) -> HTTPReply

  /// The address the server listens on.
  public let host: String
  /// The port the server listens on (the one the system chose when the configuration asked
  /// for port 0).
  public let port: UInt16
  private let core: ServerCore

  /// Starts listening and answering requests with `handler`.
  ///
  /// - Parameters:
  ///   - configuration: The address and the limits.
  ///   - onEvent: Called on connection threads with what happens on each connection; it
  ///     must return quickly.
  ///   - handler: Answers each complete request.
  /// - Throws: ``HTTPServerError`` when the address cannot be listened on.
  public init(
    configuration: HTTPServerConfiguration = HTTPServerConfiguration(),
    onEvent: (@Sendable (HTTPServerEvent) -> Void)? = nil,
    handler: @escaping Handler
  ) throws(HTTPServerError) {
    let listener = try Socket.listen(
      host: configuration.host, port: configuration.port, backlog: 128)
    let stopPipe: (read: Int32, write: Int32)
    do {
      stopPipe = try Socket.makePipe()
    } catch {
      Socket.close(listener.descriptor)
      throw error
    }
    host = configuration.host
    port = listener.port
    core = ServerCore(
      listener: listener.descriptor, port: listener.port, stopPipe: stopPipe,
      configuration: configuration,
      onEvent: onEvent, handler: handler)
    core.startAccepting()
  }

  /// Starts listening and answering requests with `router`.
  ///
  /// See ``init(configuration:onEvent:handler:)``.
  public convenience init(
    configuration: HTTPServerConfiguration = HTTPServerConfiguration(),
    onEvent: (@Sendable (HTTPServerEvent) -> Void)? = nil,
    router: HTTPRouter
  ) throws(HTTPServerError) {
    try self.init(configuration: configuration, onEvent: onEvent, handler: router.handle)
  }

  deinit {
    core.stop()
  }

  /// The server's base URL, for example `http://127.0.0.1:43117`.
  public var url: URL {
    URL(string: "http://\(host):\(port)")!
  }

  /// Stops the server: stops accepting, closes the listening socket, ends every open
  /// connection (a request being handled finishes first; connections that wait for a
  /// client or never answer are closed, and event streams end), and returns when they are
  /// all closed, or after
  /// five seconds if a handler is still busy. Calling it again does nothing more.
  ///
  /// Do not call it from a handler: it waits for the handler's own connection.
  public func stop() {
    core.stop()
  }
}

/// The state the server's threads share. It outlives ``HTTPServer`` until its last thread
/// ends, so that no thread ever uses a closed descriptor.
final class ServerCore: @unchecked Sendable {
  // `@unchecked Sendable`: the `let` properties never change after `init`; `isStopping`,
  // `connections` and `lastConnection` are only touched with `lock` held.
  let configuration: HTTPServerConfiguration
  let handler: HTTPServer.Handler
  /// The checks of `Host`, `Origin` and `Content-Type`.
  let policy: RequestPolicy
  /// The read end of the stop pipe: readable once the server stops, which wakes every
  /// thread waiting in `poll`.
  let stopDescriptor: Int32
  private let stopWriteDescriptor: Int32
  private let listener: Int32
  private let onEvent: (@Sendable (HTTPServerEvent) -> Void)?
  private let threads = DispatchGroup()
  private let lock = NSLock()
  private var isStopping = false
  private var lastConnection = 0
  /// Every connection whose thread has not ended, by number.
  private var connections: [Int: Tracked] = [:]

  /// What the server knows of one open connection.
  private struct Tracked {
    let client: UInt32
    let descriptor: Int32
    /// Still reading its request, so it may be closed to make room for another.
    var isWaiting = true
    /// Closed to make room: it no longer counts against the limits, and answers `503`.
    var isEvicted = false
  }

  init(
    listener: Int32, port: UInt16, stopPipe: (read: Int32, write: Int32),
    configuration: HTTPServerConfiguration, onEvent: (@Sendable (HTTPServerEvent) -> Void)?,
    handler: @escaping HTTPServer.Handler
  ) {
    self.listener = listener
    self.stopDescriptor = stopPipe.read
    self.stopWriteDescriptor = stopPipe.write
    self.configuration = configuration
    self.policy = RequestPolicy(
      configuration: configuration, port: port,
      machineNames: Socket.machineNames(includingAddresses: configuration.host == "0.0.0.0"))
    self.onEvent = onEvent
    self.handler = handler
  }

  deinit {
    Socket.close(stopDescriptor)
    Socket.close(stopWriteDescriptor)
  }

  func emit(_ event: HTTPServerEvent) {
    onEvent?(event)
  }

  func startAccepting() {
    threads.enter()
    let thread = Thread { [self] in
      acceptUntilStopped()
      threads.leave()
    }
    thread.name = "HTTPServer accept"
    thread.start()
  }

  func stop() {
    let first = lock.withLock {
      defer { isStopping = true }
      return !isStopping
    }
    if first { Socket.signal(stopWriteDescriptor) }
    _ = threads.wait(timeout: .now() + .seconds(5))
  }

  /// Marks connection `id` as handling its request, so that it is no longer closed to make
  /// room. Returns `false` when it was closed to make room already.
  func beginHandling(_ id: Int) -> Bool {
    lock.withLock {
      guard let tracked = connections[id], !tracked.isEvicted else { return false }
      connections[id]?.isWaiting = false
      return true
    }
  }

  /// Whether connection `id` was closed to make room for another.
  func wasEvicted(_ id: Int) -> Bool {
    lock.withLock { connections[id]?.isEvicted ?? false }
  }

  private func acceptUntilStopped() {
    defer { Socket.close(listener) }
    while Socket.wait(listener, stop: stopDescriptor, milliseconds: -1) == .ready {
      var accepted = 0
      while let connection = Socket.accept(listener) {
        open(connection.descriptor, client: connection.client)
        accepted += 1
      }
      if accepted == 0 {
        // Readable but nothing accepted: the system refuses connections (for example, out
        // of descriptors). Pause instead of spinning.
        _ = Socket.wait(listener, stop: stopDescriptor, milliseconds: 50)
      }
    }
  }

  /// Hands an accepted connection to a new thread, making room by closing the oldest
  /// connection still waiting for its request when the server or the client is at its
  /// limit, or turns it away when the server is stopping or no room can be made.
  private func open(_ descriptor: Int32, client: UInt32) {
    enum Decision {
      case serve(Int)
      case reject(Int, String)
      case drop
    }
    let accepted = ContinuousClock.now
    let decision = lock.withLock { () -> Decision in
      if isStopping { return .drop }
      lastConnection += 1
      let id = lastConnection
      let live = connections.filter { !$0.value.isEvicted }
      let sameClient = live.filter { $0.value.client == client }
      if sameClient.count >= configuration.maximumConnectionsPerClient,
        !policy.trusts(peer: client)
      {
        guard evictOldestWaiting(among: sameClient) else {
          return .reject(id, "too many connections from your address; try again")
        }
      } else if live.count >= configuration.maximumConnections {
        guard evictOldestWaiting(among: live) else {
          return .reject(id, "the server is busy; try again")
        }
      }
      connections[id] = Tracked(client: client, descriptor: descriptor)
      return .serve(id)
    }
    switch decision {
    case .drop:
      Socket.close(descriptor)
    case .reject(let id, let message):
      let response = HTTPResponse.error(status: 503, message: message)
      let bytes = response.serialized()
      _ = bytes.withUnsafeBytes { Socket.write(descriptor, $0) }
      Socket.close(descriptor)
      emit(.rejected(connection: id, status: 503))
      emit(.closed(connection: id))
    case .serve(let id):
      threads.enter()
      let thread = Thread { [self] in
        Connection(
          descriptor: descriptor, id: id, accepted: accepted, client: client, server: self
        ).run()
        // Forgotten before the descriptor is closed, so that no eviction reaches a number
        // the system has given to another connection meanwhile.
        lock.withLock { connections[id] = nil }
        Socket.close(descriptor)
        emit(.closed(connection: id))
        threads.leave()
      }
      thread.name = "HTTPServer connection \(id)"
      thread.start()
    }
  }

  /// Closes the oldest of `candidates` still waiting for its request; `false` when every one
  /// is busy. Called with `lock` held; the connection's own thread sees its socket end, and
  /// answers `503`.
  private func evictOldestWaiting(among candidates: [Int: Tracked]) -> Bool {
    guard let oldest = candidates.filter({ $0.value.isWaiting }).keys.min() else {
      return false
    }
    connections[oldest]?.isEvicted = true
    // Only a shutdown: the descriptor stays open until its thread closes it.
    Socket.shutdownRead(candidates[oldest]!.descriptor)
    return true
  }
}
