import Foundation

/// A complete request as the server received it.
public struct HTTPRequest: Hashable, Sendable {
  /// The method, for example `GET`.
  public var method: HTTPMethod
  /// The request target exactly as sent: the path and the query, still percent-encoded.
  public var target: String
  /// The path without the query, percent-decoded, for example `/items/3`.
  public var path: String
  /// The non-empty segments of the path, each percent-decoded: `/users/2/items` gives
  /// `["users", "2", "items"]`. A `%2F` stays inside its segment.
  public var pathSegments: [String]
  /// The query's name and value pairs in order, percent-decoded, with `+` read as a space.
  /// A name without `=` has an empty value.
  public var queryItems: [HTTPQueryItem]
  /// The header fields.
  public var headers: HTTPHeaders
  /// The body; empty when the request has none.
  public var body: Data
  /// The values a route's `{name}` segments matched, filled in by ``HTTPRouter``.
  public var pathParameters: [String: String]
  /// The IP address of the client, as the connection's peer (for example `192.0.2.1`),
  /// set by the server; `nil` for a request made otherwise (in tests, say).
  ///
  /// This is the address the connection comes from, or, when that is one of the
  /// configuration's ``HTTPServerConfiguration/trustedProxies``, the client's address as
  /// that proxy's `X-Forwarded-For` gives it. From any other peer the header, which any
  /// client can write, is not read.
  public var clientAddress: String?

  /// Creates a request from its parts; ``path``, ``pathSegments`` and ``queryItems`` are
  /// read from `target`.
  ///
  /// - Throws: ``HTTPRequestError`` with status 400 when the target is not an absolute path
  ///   or holds a bad percent-encoding.
  public init(
    method: HTTPMethod, target: String, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data(),
    clientAddress: String? = nil
  ) throws(HTTPRequestError) {
    let parsed = try RequestTarget(target)
    self.method = method
    self.target = target
    self.path = parsed.path
    self.pathSegments = parsed.segments
    self.queryItems = parsed.queryItems
    self.headers = headers
    self.body = body
    self.pathParameters = [:]
    self.clientAddress = clientAddress
  }

  /// The value of the first query item named `name`, or `nil` when there is none.
  public func queryValue(_ name: String) -> String? {
    queryItems.first { $0.name == name }?.value
  }
}

/// One `name=value` pair of a request's query.
public struct HTTPQueryItem: Hashable, Sendable {
  /// The decoded name.
  public var name: String
  /// The decoded value; empty when the query had the name alone.
  public var value: String

  /// Creates a query item.
  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }
}

/// Why the server could not accept a request, with the status it answers with.
public struct HTTPRequestError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The status of the answer, for example 400.
  public var status: Int
  /// A sentence for the client saying what is wrong.
  public var message: String

  /// Creates an error with the status to answer with and a message.
  public init(status: Int, message: String) {
    self.status = status
    self.message = message
  }

  /// The status and the message.
  public var description: String { "\(status): \(message)" }
}
