/// One endpoint of the HTTP API: a method and a path pattern, written once for the server,
/// which routes by it, and for the client, which sends to it.
///
/// A `{name}` segment of the pattern is a parameter: ``path(_:)`` fills it in for a request,
/// and the server's router reads it back from the request's path.
public struct Endpoint: Sendable, Hashable, CustomStringConvertible {
  /// The request method: `GET`, `POST`, `PUT` or `DELETE`.
  public var method: String
  /// The path pattern, for example `/accounts/{id}`.
  public var pattern: String

  /// Creates an endpoint.
  public init(_ method: String, _ pattern: String) {
    self.method = method
    self.pattern = pattern
  }

  /// The path's segments with each `{name}` replaced by `parameters[name]`, for example
  /// `["accounts", "2"]` for `/accounts/{id}` and `["id": "2"]`.
  ///
  /// - Precondition: every parameter of the pattern has a value.
  public func path(_ parameters: [String: String] = [:]) -> [String] {
    pattern.split(separator: "/").map { segment in
      guard segment.hasPrefix("{"), segment.hasSuffix("}") else { return String(segment) }
      let name = String(segment.dropFirst().dropLast())
      guard let value = parameters[name] else {
        preconditionFailure("no value for the parameter {\(name)} of \(pattern)")
      }
      return value
    }
  }

  /// `GET /accounts/{id}`.
  public var description: String { "\(method) \(pattern)" }
}
