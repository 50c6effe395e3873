/// The request line and header fields of a request, read from the bytes before its body.
struct RequestHead: Equatable {
  var method: HTTPMethod
  var target: String
  var headers: HTTPHeaders
  /// The body's length from `Content-Length`, 0 without one.
  var contentLength: Int
  /// Whether the client waits for `100 Continue` before sending the body.
  var expectsContinue: Bool

  /// Where the head ends in `bytes`: the length of the head and the index where the body
  /// starts, or `nil` when the blank line that ends the head has not arrived yet. Lines may
  /// end with CRLF or a bare LF.
  static func end(in bytes: [UInt8], from start: Int = 0) -> (head: Int, body: Int)? {
    var index = max(start, 0)
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "\n") {
        // A line feed followed by an optional CR and another line feed ends the head.
        var next = index + 1
        if next < bytes.count, bytes[next] == UInt8(ascii: "\r") { next += 1 }
        if next < bytes.count, bytes[next] == UInt8(ascii: "\n") {
          return (index + 1, next + 1)
        }
      }
      index += 1
    }
    return nil
  }

  /// Parses the head (the bytes before the blank line).
  ///
  /// - Throws: ``HTTPRequestError`` with 400 for bad syntax, 505 for an HTTP version other
  ///   than 1.0 and 1.1, 501 for a `Transfer-Encoding` (only `Content-Length` bodies are
  ///   read).
  init(parsing bytes: ArraySlice<UInt8>) throws(HTTPRequestError) {
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .map { line in line.last == UInt8(ascii: "\r") ? line.dropLast() : line }
    // Empty lines before the request line are allowed (and ignored).
    while let first = lines.first, first.isEmpty { lines.removeFirst() }
    while let last = lines.last, last.isEmpty { lines.removeLast() }
    guard let requestLine = lines.first else {
      throw HTTPRequestError(status: 400, message: "the request has no request line")
    }
    let parts = requestLine.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
      throw HTTPRequestError(
        status: 400, message: "the request line must be \"METHOD /path HTTP/1.1\"")
    }
    guard parts[0].allSatisfy(Self.isTokenCharacter) else {
      throw HTTPRequestError(status: 400, message: "the method is not a valid token")
    }
    let version = String(decoding: parts[2], as: UTF8.self)
    if version != "HTTP/1.1" && version != "HTTP/1.0" {
      if version.hasPrefix("HTTP/") {
        throw HTTPRequestError(status: 505, message: "only HTTP/1.0 and HTTP/1.1 are supported")
      }
      throw HTTPRequestError(
        status: 400, message: "the request line must end with the HTTP version")
    }
    method = HTTPMethod(rawValue: String(decoding: parts[0], as: UTF8.self))
    target = String(decoding: parts[1], as: UTF8.self)

    headers = HTTPHeaders()
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
        throw HTTPRequestError(status: 400, message: "a header line has no \":\"")
      }
      let name = line[..<colon]
      guard !name.isEmpty, name.allSatisfy(Self.isTokenCharacter) else {
        throw HTTPRequestError(status: 400, message: "a header name is not a valid token")
      }
      let value = line[(colon + 1)...].drop { $0 == 0x20 || $0 == 0x09 }
      guard !value.contains(where: { $0 < 0x20 && $0 != 0x09 || $0 == 0x7F }) else {
        throw HTTPRequestError(
          status: 400, message: "a header value contains a control character")
      }
      headers.add(
        String(decoding: name, as: UTF8.self),
        String(decoding: value, as: UTF8.self).trimmingSpacesAndTabs())
    }

    if headers["Transfer-Encoding"] != nil {
      throw HTTPRequestError(
        status: 501, message: "request bodies must be sent with Content-Length, not chunked")
    }
    let lengths = Set(
      headers.values(for: "Content-Length").flatMap { $0.split(separator: ",") }.map {
        String($0).trimmingSpacesAndTabs()
      })
    switch lengths.count {
    case 0:
      contentLength = 0
    case 1:
      let text = lengths.first!
      guard !text.isEmpty, text.count <= 18, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
        let length = Int(text)
      else {
        throw HTTPRequestError(status: 400, message: "Content-Length must be a whole number")
      }
      contentLength = length
    default:
      throw HTTPRequestError(status: 400, message: "the request has conflicting Content-Length")
    }
    expectsContinue = headers["Expect"]?.lowercased() == "100-continue"
  }

  /// Whether `byte` may appear in a method or a header name (RFC 9110's `tchar`).
  static func isTokenCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
    }
  }
}

extension String {
  /// The string without spaces and tabs at either end.
  func trimmingSpacesAndTabs() -> String {
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isBlank($0) }),
      let last = lastIndex(where: { !isBlank($0) })
    else { return "" }
    return String(self[first...last])
  }
}
