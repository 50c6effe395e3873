import Foundation
import Services
import Synchronization

/// One HTTP/1.1 request to an `http://` URL, sent over a TCP connection of its own that is
/// closed after the answer (`Connection: close`).
///
/// ``perform(limits:)`` blocks its thread for the whole exchange; ``run(timeout:)`` does it
/// on a thread of its own and delivers the outcome to the calling task.
struct PlainHTTPRequest: Sendable {
  /// The request method, such as `GET`.
  let method: String
  /// The host to connect to: a name or an address (an IPv6 address without brackets).
  let host: String
  /// The port to connect to.
  let port: Int
  /// The server as errors name it: `host:port`, or the host when the URL names no port.
  let server: String
  /// The request's bytes: its head, then its body.
  let bytes: [UInt8]

  /// A request to `url` (whose scheme is `http`).
  ///
  /// - Throws: ``ServiceError/invalid(_:)`` for a method, header name or header value that
  ///   cannot be sent as given (a line break in a value would start a header of its own), and
  ///   ``ServiceError/unreachable(_:)`` for a URL without a host.
  init(
    method: String, url: URL, body: Data?, headers: [(name: String, value: String)],
    server: String
  ) throws(ServiceError) {
    guard let host = url.host, !host.isEmpty,
      let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    else { throw .unreachable("\(url.absoluteString) names no host") }
    guard !method.isEmpty, method.utf8.allSatisfy(HTTPAnswerReader.isTokenByte) else {
      throw .invalid("the request method \(Self.quoted(method)) is not a word HTTP allows")
    }
    self.method = method
    self.host = host
    port = url.port ?? 80
    self.server = server
    var target = components.percentEncodedPath
    if target.isEmpty { target = "/" }
    if let query = components.percentEncodedQuery, !query.isEmpty { target += "?" + query }
    guard target.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
      throw .invalid("the request's path or query \(Self.quoted(target)) is not encoded")
    }
    var authority = components.percentEncodedHost ?? host
    if authority.contains(":") && !authority.hasPrefix("[") { authority = "[\(authority)]" }
    if port != 80 { authority += ":\(port)" }
    var fields: [(name: String, value: String)] = [
      ("Host", authority), ("Accept", "application/json"),
    ]
    if let body {
      fields.append(("Content-Type", "application/json"))
      fields.append(("Content-Length", String(body.count)))
    }
    for field in headers {
      guard !field.name.isEmpty, field.name.utf8.allSatisfy(HTTPAnswerReader.isTokenByte) else {
        throw .invalid("the header name \(Self.quoted(field.name)) is not a word HTTP allows")
      }
      guard field.value.utf8.allSatisfy({ $0 != 0x0D && $0 != 0x0A && $0 != 0 }) else {
        throw .invalid("the value of the header \(field.name) holds a line break")
      }
      // The fields that frame the request stay the transport's, as with URLSession; another
      // field given again replaces the transport's own, as URLRequest's setValue does.
      let name = field.name.lowercased()
      guard !Self.framingFields.contains(name) else { continue }
      fields.removeAll { $0.name.lowercased() == name }
      fields.append(field)
    }
    fields.append(("Connection", "close"))
    var head = "\(method) \(target) HTTP/1.1\r\n"
    for (name, value) in fields { head += "\(name): \(value)\r\n" }
    head += "\r\n"
    bytes = Array(head.utf8) + (body.map(Array.init) ?? [])
  }

  /// Connects, sends the request and reads the whole answer, blocking the calling thread.
  ///
  /// - Throws: ``ServiceError/unreachable(_:)`` when no connection can be made or it is
  ///   lost, ``ServiceError/malformedResponse(_:)`` for an answer that is not readable HTTP,
  ///   ``ServiceError/timedOut`` past the deadline, and `CancellationError` once `limits` says
  ///   the caller stopped waiting.
  func perform(limits: ClientSocket.Limits) throws -> (body: Data, status: Int) {
    let socket: ClientSocket
    do throws(ClientSocket.Failure) {
      socket = try ClientSocket.connect(host: host, port: port, limits: limits)
    } catch .failed(let reason) {
      throw ServiceError.unreachable("\(server): \(reason)")
    } catch {
      throw serviceError(error)
    }
    // The server may answer and close before it took the whole request (to refuse a large
    // body): its answer still counts, so a failed send is only reported when none is read.
    var sendFailure: ClientSocket.Failure?
    do throws(ClientSocket.Failure) {
      try socket.send(bytes, limits: limits)
    } catch .failed(let reason) {
      sendFailure = .failed(reason)
    } catch {
      throw serviceError(error)
    }
    var reader = HTTPAnswerReader(method: method, server: server)
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while !reader.isComplete {
      let read: ClientSocket.ReadResult
      do throws(ClientSocket.Failure) {
        read = try socket.read(into: &buffer, limits: limits)
      } catch .failed(let reason) {
        throw serviceError(sendFailure ?? .failed(reason))
      } catch {
        throw serviceError(error)
      }
      do throws(ServiceError) {
        switch read {
        case .bytes(let count): try reader.receive(buffer[..<count])
        case .end: try reader.receiveEnd()
        }
      } catch {
        throw sendFailure.map(serviceError) ?? error
      }
    }
    return (reader.body, reader.status)
  }

  /// The error a connection's failure stands for, with the messages the fronts show.
  private func serviceError(_ failure: ClientSocket.Failure) -> any Error {
    switch failure {
    case .unknownHost: return ServiceError.unreachable("no host is known by the name in \(server)")
    case .refused: return ServiceError.unreachable("nothing accepted the connection at \(server)")
    case .failed(let reason):
      return ServiceError.unreachable("the connection to \(server) was lost: \(reason)")
    case .timedOut: return ServiceError.timedOut
    case .stopped: return CancellationError()
    }
  }

  /// The fields a caller cannot set (lowercased).
  private static let framingFields: Set = [
    "host", "content-length", "transfer-encoding", "connection",
  ]

  /// `text` quoted, with line breaks and other control characters escaped.
  private static func quoted(_ text: String) -> String {
    "\"" + text.unicodeScalars.map { $0.escaped(asASCII: false) }.joined() + "\""
  }
}

extension PlainHTTPRequest {
  /// Performs the request on a thread of its own and returns its answer, or throws
  /// ``ServiceError/timedOut`` once `timeout` passed or `CancellationError` as soon as the
  /// calling task is cancelled, whichever comes first. The thread notices within
  /// ``ClientSocket/slice`` that the call ended, and closes the connection.
  func run(timeout: Duration) async throws -> (body: Data, status: Int) {
    let flight = Flight()
    let deadline = ContinuousClock.now + timeout
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        // A caller cancelled before this point has its outcome already: no thread is started.
        guard flight.begin(continuation) else { return }
        let limits = ClientSocket.Limits(deadline: deadline, stopped: { flight.isFinished })
        Thread { flight.finish(Result { try self.perform(limits: limits) }) }.start()
        // The thread keeps the deadline itself, except while the resolver looks the host up,
        // which cannot be interrupted: this timer answers for it then.
        DispatchQueue.global().asyncAfter(deadline: .now() + HTTPTransport.seconds(timeout)) {
          flight.finish(.failure(ServiceError.timedOut))
        }
      }
    } onCancel: {
      flight.finish(.failure(CancellationError()))
    }
  }
}

/// The outcome of a request performed on another thread, delivered exactly once: by the
/// thread, by the timer or by cancellation, whichever comes first.
private final class Flight: Sendable {
  typealias Outcome = Result<(body: Data, status: Int), any Error>

  private struct State {
    var continuation: CheckedContinuation<(body: Data, status: Int), any Error>?
    /// The outcome, once known; set at most once.
    var outcome: Outcome?
  }

  private let state = Mutex(State())
  private let finished = Atomic(false)

  /// Whether the outcome is known: the thread then stops and closes its connection.
  var isFinished: Bool { finished.load(ordering: .acquiring) }

  /// Stores the continuation; returns `false` (after delivering the outcome) when the
  /// request already ended, which happens when the caller was cancelled first.
  func begin(_ continuation: CheckedContinuation<(body: Data, status: Int), any Error>) -> Bool {
    let outcome = state.withLock { state -> Outcome? in
      if let outcome = state.outcome { return outcome }
      state.continuation = continuation
      return nil
    }
    guard let outcome else { return true }
    continuation.resume(with: outcome)
    return false
  }

  /// Delivers `outcome` unless another one came first.
  func finish(_ outcome: Outcome) {
    let continuation = state.withLock {
      state -> CheckedContinuation<(body: Data, status: Int), any Error>?? in
      guard state.outcome == nil else { return nil }
      state.outcome = outcome
      defer { state.continuation = nil }
      return .some(state.continuation)
    }
    guard let continuation else { return }
    finished.store(true, ordering: .releasing)
    continuation?.resume(with: outcome)
  }
}
