import Foundation

/// An answer to a request: a status, header fields and a body.
///
/// The server adds `Content-Length` and `Connection: close` itself, replacing any such
/// fields given here.
public struct HTTPResponse: Hashable, Sendable {
  /// The status code, for example 200 or 404.
  public var status: Int
  /// The header fields.
  public var headers: HTTPHeaders
  /// The body.
  public var body: Data

  /// Creates a response.
  public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// The media type of JSON bodies.
  public static let jsonContentType = "application/json; charset=utf-8"

  /// A response whose body is JSON text the caller already encoded.
  public static func json(_ body: Data, status: Int = 200) -> HTTPResponse {
    HTTPResponse(status: status, headers: ["Content-Type": jsonContentType], body: body)
  }

  /// A response whose body is `value` encoded with `encoder`; when encoding fails, a 500
  /// response saying so.
  public static func json<Value: Encodable>(
    _ value: Value, status: Int = 200, encoder: JSONEncoder = JSONEncoder()
  ) -> HTTPResponse {
    do {
      return json(try encoder.encode(value), status: status)
    } catch {
      return .error(status: 500, message: "the answer could not be encoded as JSON")
    }
  }

  /// An error response with the JSON body `{"error": message}`.
  public static func error(status: Int, message: String) -> HTTPResponse {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    return json(ErrorBody(error: message), status: status, encoder: encoder)
  }

  /// A response with a plain-text body.
  public static func text(_ text: String, status: Int = 200) -> HTTPResponse {
    HTTPResponse(
      status: status, headers: ["Content-Type": "text/plain; charset=utf-8"],
      body: Data(text.utf8))
  }

  /// `204 No Content`.
  public static let noContent = HTTPResponse(status: 204)

  /// The usual reason phrase of a status code, for example "Not Found" for 404.
  public static func reasonPhrase(for status: Int) -> String {
    switch status {
    case 100: return "Continue"
    case 200: return "OK"
    case 201: return "Created"
    case 202: return "Accepted"
    case 204: return "No Content"
    case 301: return "Moved Permanently"
    case 302: return "Found"
    case 303: return "See Other"
    case 304: return "Not Modified"
    case 400: return "Bad Request"
    case 401: return "Unauthorized"
    case 403: return "Forbidden"
    case 404: return "Not Found"
    case 405: return "Method Not Allowed"
    case 408: return "Request Timeout"
    case 409: return "Conflict"
    case 411: return "Length Required"
    case 413: return "Content Too Large"
    case 415: return "Unsupported Media Type"
    case 421: return "Misdirected Request"
    case 422: return "Unprocessable Content"
    case 429: return "Too Many Requests"
    case 431: return "Request Header Fields Too Large"
    case 500: return "Internal Server Error"
    case 501: return "Not Implemented"
    case 503: return "Service Unavailable"
    case 505: return "HTTP Version Not Supported"
    default: return "Status \(status)"
    }
  }

  /// The bytes sent on the wire: status line, header fields and body. Carriage returns and
  /// line feeds in header names or values are replaced by spaces, so a value can never
  /// start a new field.
  func serialized() -> [UInt8] {
    let hasBody = !(status == 204 || status == 304 || (100..<200).contains(status))
    var bytes = Array(head(contentLength: hasBody ? body.count : nil).utf8)
    if hasBody { bytes.append(contentsOf: body) }
    return bytes
  }

  /// The status line and header fields, ending with the blank line: with `Content-Length`
  /// when `contentLength` is given, without for a body that lasts until the connection
  /// closes.
  func head(contentLength: Int?) -> String {
    var head = "HTTP/1.1 \(status) \(Self.reasonPhrase(for: status))\r\n"
    for field in headers {
      let name = field.name.lowercased()
      if name == "content-length" || name == "connection" || name == "transfer-encoding" {
        continue
      }
      head += "\(Self.singleLine(field.name)): \(Self.singleLine(field.value))\r\n"
    }
    if let contentLength { head += "Content-Length: \(contentLength)\r\n" }
    head += "Connection: close\r\n\r\n"
    return head
  }

  private static func singleLine(_ text: String) -> String {
    String(text.map { $0 == "\r" || $0 == "\n" || $0 == "\r\n" ? " " : $0 })
  }
}

/// The body of an error response.
struct ErrorBody: Codable {
  var error: String
}
