import Foundation
import Services

#if HTTPS && canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends HTTP requests to one server and returns their answers, knowing nothing of the API
/// it speaks: the generic half of ``HTTPClient``.
///
/// **Connections.** An `http://` server is spoken to over plain sockets, one connection per
/// request, on every platform: this keeps Foundation's networking library (and, on Linux,
/// libcurl and the libraries it loads) out of the programs, which start faster and link
/// statically. An `https://` server goes through `URLSession` where it costs nothing (macOS)
/// or where the package is built with its `HTTPS` trait (Linux:
/// `swift build --traits HTTPS`); ``supportsHTTPS`` tells which, and without it an `https://`
/// URL fails every call with ``ServiceError/unreachable(_:)`` saying so.
///
/// **Errors.** ``send(_:path:query:body:headers:)`` throws ``ServiceError/timedOut`` when no complete
/// answer arrives within ``timeout``, ``ServiceError/unreachable(_:)`` for a refused
/// connection, an unknown host or a lost connection, ``ServiceError/malformedResponse(_:)``
/// for an answer that is not readable HTTP (or is larger than 64 MiB, or its header larger
/// than 64 KiB), ``ServiceError/invalid(_:)`` for a header that cannot be sent (a line break
/// in its value), and `CancellationError` when the calling task was cancelled. Any status is
/// an answer, not an error: the caller decides what it means.
///
/// **Timeout.** ``timeout`` bounds the whole call, from connecting to the last byte of the
/// answer, with the transport's own timer (`URLSession` on Linux rounds request timeouts down
/// to whole seconds: a 0.3-second timeout would expire at once).
///
/// **Threads.** The transport is `Sendable`; calls may run concurrently from any task. Each
/// `http://` request waits on its connection in a thread of its own, never in the caller's.
public final class HTTPTransport: Sendable {
  /// The timeout used when none is given: 10 seconds.
  public static let defaultTimeout: Duration = .seconds(10)

  /// Whether this build can reach `https://` servers: always on macOS, and on Linux when the
  /// package is built with its `HTTPS` trait (which links Foundation's networking library).
  #if HTTPS || canImport(Darwin)
    public static let supportsHTTPS = true
  #else
    public static let supportsHTTPS = false
  #endif

  /// What a build without ``supportsHTTPS`` says of an `https://` URL.
  public static let noHTTPSMessage =
    "this build has no HTTPS support: build with `--traits HTTPS`, or use an http:// address"

  /// The server's base URL; request paths are appended to it.
  public let baseURL: URL
  /// How long a call may take in total.
  public let timeout: Duration
  #if HTTPS || canImport(Darwin)
    /// The session for an `https://` server; `nil` for any other.
    private let session: URLSession?
  #endif

  /// Creates a transport to the server at `baseURL`.
  ///
  /// - Parameters:
  ///   - baseURL: The server's base URL; a path in it (`http://host/api`) prefixes every
  ///     request's path.
  ///   - timeout: How long a call may take in total.
  public init(baseURL: URL, timeout: Duration = HTTPTransport.defaultTimeout) {
    self.baseURL = baseURL
    self.timeout = timeout
    #if HTTPS || canImport(Darwin)
      if baseURL.scheme?.lowercased() == "https" {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpShouldSetCookies = false
        // A backstop only: the transport's own timer fires first (see the type's
        // documentation).
        let backstop = Self.seconds(timeout).rounded(.up) + 5
        configuration.timeoutIntervalForRequest = backstop
        configuration.timeoutIntervalForResource = backstop
        session = URLSession(configuration: configuration)
      } else {
        session = nil
      }
    #endif
  }

  #if HTTPS || canImport(Darwin)
    deinit {
      session?.finishTasksAndInvalidate()
    }
  #endif

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
    try Task.checkCancellation()
    var url = baseURL
    for segment in path { url.appendPathComponent(segment) }
    if !query.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
      components.percentEncodedQuery = query
      url = components.url ?? url
    }
    let server = Self.hostAndPort(of: url)
    switch url.scheme?.lowercased() {
    case "http":
      let request = try PlainHTTPRequest(
        method: method, url: url, body: body, headers: headers, server: server)
      return try await request.run(timeout: timeout)
    case "https":
      #if HTTPS || canImport(Darwin)
        if let session {
          return try await sendSecurely(
            method, url: url, body: body, headers: headers, session: session, server: server)
        }
      #endif
      throw ServiceError.unreachable(Self.noHTTPSMessage)
    default:
      throw ServiceError.unreachable("\(baseURL.absoluteString) is not an http:// or https:// URL")
    }
  }

  #if HTTPS || canImport(Darwin)
    /// Sends one request through `URLSession`.
    private func sendSecurely(
      _ method: String, url: URL, body: Data?, headers: [(name: String, value: String)],
      session: URLSession, server: String
    ) async throws -> (body: Data, status: Int) {
      var request = URLRequest(url: url)
      request.httpMethod = method
      request.setValue("application/json", forHTTPHeaderField: "Accept")
      for (name, value) in headers {
        guard !value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A }) else {
          throw ServiceError.invalid("the value of the header \(name) holds a line break")
        }
        request.setValue(value, forHTTPHeaderField: name)
      }
      if let body {
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = body
      }
      let (data, status) = try await RequestInFlight.run(
        request, in: session, timeout: timeout, server: server)
      return (data, status)
    }
  #endif

  private static func hostAndPort(of url: URL) -> String {
    guard var host = url.host else { return url.absoluteString }
    if host.contains(":") { host = "[\(host)]" }
    return url.port.map { "\(host):\($0)" } ?? host
  }

  static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
