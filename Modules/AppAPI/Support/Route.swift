/// One route of the HTTP API declared with everything both ends need: its method and path
/// pattern (its ``endpoint``), the type of its request body, the type of its answer and the
/// status of a success. The client sends with it and decodes the answer as `Answer`; the
/// server routes by it, decodes the body as `Body` and answers with `status`; neither states
/// these again.
///
/// A route without a request body has `Body` ``NoBody``; one that answers nothing (204) has
/// `Answer` ``NoBody``.
public struct Route<Body: Codable & Sendable, Answer: Codable & Sendable>: Sendable,
  CustomStringConvertible
{
  /// The method and the path pattern.
  public let endpoint: Endpoint
  /// The status of a successful answer: 200, 201 for a record added, 204 for no content.
  public let status: Int
  /// What the answer is, in words, for the message of an answer that cannot be read:
  /// "expected a list of ingredients, but …".
  public let answerName: String

  /// Declares a route.
  public init(_ method: String, _ pattern: String, status: Int = 200, answer answerName: String) {
    endpoint = Endpoint(method, pattern)
    self.status = status
    self.answerName = answerName
  }

  /// The request method: `GET`, `POST`, `PUT` or `DELETE`.
  public var method: String { endpoint.method }
  /// The path pattern, for example `/ingredients/{id}`.
  public var pattern: String { endpoint.pattern }

  /// The path's segments with each `{name}` replaced by `parameters[name]` (see
  /// ``Endpoint/path(_:)``).
  public func path(_ parameters: [String: String] = [:]) -> [String] {
    endpoint.path(parameters)
  }

  /// `GET /ingredients/{id}`.
  public var description: String { endpoint.description }
}

/// The body of a request that sends none, or of an answer that has none (204).
public struct NoBody: Codable, Hashable, Sendable {
  /// The empty body.
  public init() {}
}
