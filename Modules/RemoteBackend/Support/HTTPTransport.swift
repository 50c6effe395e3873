import Foundation
import Services

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends HTTP requests to one server and returns their answers, knowing nothing of the API
/// it speaks: the generic half of ``HTTPClient``.
///
/// **Errors.** ``send(_:path:query:body:headers:)`` throws ``ServiceError/timedOut`` when no complete
/// answer arrives within ``timeout``, ``ServiceError/unreachable(_:)`` for a refused
/// connection or an unknown host, and `CancellationError` when the calling task was
/// cancelled. Any status is an answer, not an error: the caller decides what it means.
///
/// **Timeout.** ``timeout`` bounds the whole call, from sending the request to the last
/// byte of the answer, with the transport's own timer: `URLSession` on Linux rounds request
/// timeouts down to whole seconds (a 0.3-second timeout expires at once).
///
/// **Threads.** The transport is `Sendable`; calls may run concurrently from any task.
public final class HTTPTransport: Sendable {
  /// The timeout used when none is given: 10 seconds.
  public static let defaultTimeout: Duration = .seconds(10)

  /// The server's base URL; request paths are appended to it.
  public let baseURL: URL
  /// How long a call may take in total.
  public let timeout: Duration
  private let session: URLSession

  /// Creates a transport to the server at `baseURL`.
  ///
  /// - Parameters:
  ///   - baseURL: The server's base URL; a path in it (`http://host/api`) prefixes every
  ///     request's path.
  ///   - timeout: How long a call may take in total.
  public init(baseURL: URL, timeout: Duration = HTTPTransport.defaultTimeout) {
    self.baseURL = baseURL
    self.timeout = timeout
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpShouldSetCookies = false
    // A backstop only: the transport's own timer fires first (see the type's documentation).
    let backstop = Self.seconds(timeout).rounded(.up) + 5
    configuration.timeoutIntervalForRequest = backstop
    configuration.timeoutIntervalForResource = backstop
    session = URLSession(configuration: configuration)
  }

  deinit {
    session.finishTasksAndInvalidate()
  }

  /// Sends one request, JSON in and out, and returns the answer's body and status.
  ///
  /// - Parameters:
  ///   - method: The request method, such as `GET`.
  ///   - path: The path's segments, each appended to ``baseURL`` (and percent-encoded).
  ///   - query: The query string without its `?`, already encoded; empty for none.
  ///   - body: The request's JSON body, if any.
  ///   - headers: More header fields, such as `Authorization`.
  public func send(
    _ method: String, path: [String], query: String = "", body: Data? = nil,
    headers: [(name: String, value: String)] = []
  ) async throws -> (body: Data, status: Int) {
    var url = baseURL
    for segment in path { url.appendPathComponent(segment) }
    if !query.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
      components.percentEncodedQuery = query
      url = components.url ?? url
    }
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    if let body {
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      request.httpBody = body
    }
    let (data, status) = try await RequestInFlight.run(
      request, in: session, timeout: timeout, server: Self.hostAndPort(of: url))
    return (data, status)
  }

  private static func hostAndPort(of url: URL) -> String {
    let host = url.host ?? url.absoluteString
    return url.port.map { "\(host):\($0)" } ?? host
  }

  static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
