// RxCocoa's Foundation networking extensions, on every platform (through FoundationNetworking
// where Foundation keeps `URLSession` apart).
import Foundation
import ReactiveCoreBase
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Why a request made through `URLSession.rx` failed, besides the session's own errors.
public enum RxCocoaURLError: Swift.Error, CustomDebugStringConvertible, @unchecked Sendable {
  // Its responses are immutable once received.
  /// The session returned neither a response nor an error.
  case unknown
  /// The response is not an HTTP response.
  case nonHTTPResponse(response: URLResponse)
  /// The response's status is outside `200..<300`; its body is kept.
  case httpRequestFailed(response: HTTPURLResponse, data: Data?)
  /// The body could not be read as JSON.
  case deserializationError(error: Swift.Error)

  /// What went wrong, in RxCocoa's words.
  public var debugDescription: String {
    switch self {
    case .unknown: return "Unknown error has occurred."
    case .nonHTTPResponse(let response): return "Response is not NSHTTPURLResponse `\(response)`."
    case .httpRequestFailed(let response, _):
      return "HTTP request failed with `\(response.statusCode)`."
    case .deserializationError(let error):
      return "Error during deserialization of the response: \(error)"
    }
  }
}

extension Reactive where Base: URLSession {
  /// The response and body of `request`, as one element followed by completion.
  ///
  /// The request starts at each subscription, and disposing the subscription cancels it. A
  /// response with any status is an element; a failure of the session is the error. When
  /// `URLSession.rx.shouldLogRequest(request)` is true, the request is printed as a `curl`
  /// command, followed by its outcome, when it ends.
  public func response(request: URLRequest) -> Observable<(response: HTTPURLResponse, data: Data)> {
    let session = base
    return Observable.create { observer in
      let log = RequestLog.current(for: request)
      let started = Date()
      // The session calls the handler once, on its delegate queue; the observer is safe to
      // send to from any thread.
      let observer = SendableObserver(observer)
      let task = session.dataTask(with: request) { data, response, error in
        log?.record(request, response, error, Date().timeIntervalSince(started))
        guard let response, let data else {
          observer.on(.error(error ?? RxCocoaURLError.unknown))
          return
        }
        guard let httpResponse = response as? HTTPURLResponse else {
          observer.on(.error(RxCocoaURLError.nonHTTPResponse(response: response)))
          return
        }
        observer.on(.next((httpResponse, data)))
        observer.on(.completed)
      }
      task.resume()
      return Disposables.create { task.cancel() }
    }
  }

  /// The body of `request`'s response; a status outside `200..<300` fails with
  /// `RxCocoaURLError.httpRequestFailed`. See `response(request:)`.
  public func data(request: URLRequest) -> Observable<Data> {
    response(request: request).map { response, data in
      guard (200..<300).contains(response.statusCode) else {
        throw RxCocoaURLError.httpRequestFailed(response: response, data: data)
      }
      return data
    }
  }

  /// The body of `request`'s response read as JSON with `JSONSerialization`; a body that is not
  /// JSON fails with `RxCocoaURLError.deserializationError`. See `data(request:)`.
  public func json(request: URLRequest, options: JSONSerialization.ReadingOptions = [])
    -> Observable<Any>
  {
    data(request: request).map { data in
      do {
        return try JSONSerialization.jsonObject(with: data, options: options)
      } catch {
        throw RxCocoaURLError.deserializationError(error: error)
      }
    }
  }

  /// The JSON body of a GET request for `url`. See `json(request:options:)`.
  public func json(url: URL) -> Observable<Any> {
    json(request: URLRequest(url: url))
  }
}

extension Reactive where Base == URLSession {
  /// Whether `response(request:)` (and what is built on it) prints each request as a `curl`
  /// command, and its outcome. True for every request in debug builds and false in release
  /// builds, as in RxCocoa. Process-wide: set it once, at start-up; tests use
  /// `URLSession.rx.scopedRequestLog(output:shouldLogRequest:operation:)`.
  public static var shouldLogRequest: @Sendable (URLRequest) -> Bool {
    get { RequestLog.shouldLog.withLock { $0 } }
    set { RequestLog.shouldLog.withLock { $0 = newValue } }
  }

  /// Runs `operation` with the requests subscribed to during it, on this task, logged to
  /// `output` (a line at a time) when `shouldLogRequest` says so (by default, when the
  /// process-wide `shouldLogRequest` does).
  package static func scopedRequestLog<Result>(
    output: @escaping @Sendable (String) -> Void,
    shouldLogRequest: (@Sendable (URLRequest) -> Bool)? = nil,
    operation: () throws -> Result
  ) rethrows -> Result {
    try RequestLog.$scope.withValue(RequestLog.Scope(output: output, shouldLog: shouldLogRequest)) {
      try operation()
    }
  }
}

/// An observer handed to the session's completion handler.
private struct SendableObserver<Element>: @unchecked Sendable {
  // `AnyObserver` from `create` is thread-safe: it drops events after the end.
  let observer: AnyObserver<Element>
  init(_ observer: AnyObserver<Element>) { self.observer = observer }
  func on(_ event: Event<Element>) { observer.on(event) }
}

/// How requests are logged: RxCocoa's format, to standard output or a scope's output.
enum RequestLog {
  /// The process-wide switch.
  static let shouldLog = Mutex<@Sendable (URLRequest) -> Bool>({ _ in
    #if DEBUG
      return true
    #else
      return false
    #endif
  })

  /// A task's output and switch, set by `scopedRequestLog`.
  struct Scope: Sendable {
    let output: @Sendable (String) -> Void
    let shouldLog: (@Sendable (URLRequest) -> Bool)?
  }

  @TaskLocal static var scope: Scope?

  /// Where to log `request`, decided when it is subscribed to; `nil` when it is not logged.
  static func current(for request: URLRequest) -> Logger? {
    let scope = scope
    let shouldLog: @Sendable (URLRequest) -> Bool
    if let scoped = scope?.shouldLog {
      shouldLog = scoped
    } else {
      shouldLog = Self.shouldLog.withLock { $0 }
    }
    guard shouldLog(request) else { return nil }
    if let output = scope?.output { return Logger(output: output) }
    return Logger(output: { print($0) })
  }

  /// Writes a request and its outcome.
  struct Logger: Sendable {
    let output: @Sendable (String) -> Void

    func record(_ request: URLRequest, _ response: URLResponse?, _ error: Error?, _ elapsed: Double)
    {
      output(curlCommand(request))
      output(outcome(response, error, elapsed))
    }
  }

  /// `request` as a `curl` command, on several lines, as RxCocoa prints it.
  static func curlCommand(_ request: URLRequest) -> String {
    var command = "curl -X \(request.httpMethod ?? "GET") "
    if let body = request.httpBody, let text = String(data: body, encoding: .utf8) {
      command += "-d \"\(escaped(text))\" "
    }
    for (name, value) in request.allHTTPHeaderFields ?? [:] {
      command += "\n    -H \"\(escaped(name)): \(escaped(value))\" "
    }
    command += "\n\"\(escaped(request.url?.absoluteString ?? "<unknown url>"))\" -i -v"
    return command
  }

  /// How a request ended, with the milliseconds it took, as RxCocoa prints it.
  static func outcome(_ response: URLResponse?, _ error: Error?, _ elapsed: Double) -> String {
    let milliseconds = Int(elapsed * 1_000)
    if let response = response as? HTTPURLResponse {
      let kind = (200..<300).contains(response.statusCode) ? "Success" : "Failure"
      return "\(kind) (\(milliseconds)ms): Status \(response.statusCode)"
    }
    if let error {
      let error = error as NSError
      if error.domain == NSURLErrorDomain && error.code == NSURLErrorCancelled {
        return "Canceled (\(milliseconds)ms)"
      }
      return "Failure (\(milliseconds)ms): NSError > \(error)"
    }
    return "<Unhandled response from server>"
  }

  /// `text` with its double quotes escaped for a shell's double-quoted string.
  private static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "\"", with: "\\\"")
  }
}
