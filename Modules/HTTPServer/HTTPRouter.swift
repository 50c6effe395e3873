/// Sends each request to the handler registered for its method and path.
///
/// Patterns are paths whose segments are either literal (`items`) or parameters in
/// braces (`{id}`), for example `/users/{id}/items`. A parameter matches any one non-empty
/// segment; the handler reads it from ``HTTPRequest/pathParameters``. Empty segments are
/// ignored on both sides, so `/items/` matches `/items`.
///
/// When several routes match, the first one added wins. A path that matches some route but
/// with another method gets `405 Method Not Allowed` with an `Allow` field listing the
/// methods it accepts; a path that matches no route gets `404 Not Found`. Both have the
/// JSON body `{"error": …}`.
public struct HTTPRouter: Sendable {
  /// Answers one request.
  public typealias Handler = @Sendable (HTTPRequest) -> HTTPReply

  private struct Route: Sendable {
    var method: HTTPMethod
    var pattern: [Segment]
    var handler: Handler
  }

  private enum Segment: Sendable, Equatable {
    case literal(String)
    case parameter(String)
  }

  private var routes: [Route] = []

  /// Creates a router without routes: every request gets 404.
  public init() {}

  /// Adds a route.
  ///
  /// - Precondition: `pattern` starts with `/`, and each `{…}` fills a whole segment.
  public mutating func add(
    _ method: HTTPMethod, _ pattern: String, handler: @escaping Handler
  ) {
    precondition(pattern.hasPrefix("/"), "a route pattern starts with \"/\": \(pattern)")
    let segments = pattern.split(separator: "/").map { part -> Segment in
      if part.hasPrefix("{") && part.hasSuffix("}") && part.count > 2 {
        return .parameter(String(part.dropFirst().dropLast()))
      }
      precondition(
        !part.contains("{") && !part.contains("}"),
        "a route parameter fills a whole segment: \(pattern)")
      return .literal(String(part))
    }
    routes.append(Route(method: method, pattern: segments, handler: handler))
  }

  /// Adds a `GET` route.
  public mutating func get(_ pattern: String, handler: @escaping Handler) {
    add(.get, pattern, handler: handler)
  }

  /// Adds a `POST` route.
  public mutating func post(_ pattern: String, handler: @escaping Handler) {
    add(.post, pattern, handler: handler)
  }

  /// Adds a `PUT` route.
  public mutating func put(_ pattern: String, handler: @escaping Handler) {
    add(.put, pattern, handler: handler)
  }

  /// Adds a `DELETE` route.
  public mutating func delete(_ pattern: String, handler: @escaping Handler) {
    add(.delete, pattern, handler: handler)
  }

  /// Answers `request` with the matching route's handler, or with 404 or 405.
  public func handle(_ request: HTTPRequest) -> HTTPReply {
    var allowed: [HTTPMethod] = []
    for route in routes {
      guard let parameters = Self.match(route.pattern, request.pathSegments) else { continue }
      if route.method == request.method {
        var request = request
        request.pathParameters = parameters
        return route.handler(request)
      }
      if !allowed.contains(route.method) { allowed.append(route.method) }
    }
    if allowed.isEmpty {
      return .error(status: 404, message: "there is nothing at \(request.path)")
    }
    let names = allowed.map(\.rawValue)
    var response = HTTPResponse.error(
      status: 405,
      message: "\(request.method) is not allowed on \(request.path); use \(Self.list(names))")
    response.headers.set("Allow", names.joined(separator: ", "))
    return .response(response)
  }

  private static func match(_ pattern: [Segment], _ segments: [String]) -> [String: String]? {
    guard pattern.count == segments.count else { return nil }
    var parameters: [String: String] = [:]
    for (expected, segment) in zip(pattern, segments) {
      switch expected {
      case .literal(let text):
        guard text == segment else { return nil }
      case .parameter(let name):
        parameters[name] = segment
      }
    }
    return parameters
  }

  private static func list(_ names: [String]) -> String {
    guard let last = names.last, names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " or " + last
  }
}
