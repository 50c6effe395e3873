/// The path and query of an origin-form request target such as `/search?q=word`.
struct RequestTarget {
  var path: String
  var segments: [String]
  var queryItems: [HTTPQueryItem]

  /// Reads a target. It must start with `/` and hold only visible ASCII characters; a
  /// fragment (`#…`) is ignored.
  init(_ target: String) throws(HTTPRequestError) {
    let bytes = Array(target.utf8)
    guard bytes.first == UInt8(ascii: "/") else {
      throw HTTPRequestError(
        status: 400, message: "the request target must be a path starting with \"/\"")
    }
    guard bytes.allSatisfy({ (0x21...0x7E).contains($0) }) else {
      throw HTTPRequestError(
        status: 400, message: "the request target may contain only visible ASCII characters")
    }
    var end = bytes.endIndex
    if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) { end = hash }
    let question = bytes[..<end].firstIndex(of: UInt8(ascii: "?"))
    let rawPath = bytes[..<(question ?? end)]
    let rawQuery = question.map { bytes[($0 + 1)..<end] } ?? []

    segments = try rawPath.split(separator: UInt8(ascii: "/")).map {
      segment throws(HTTPRequestError) in
      try Self.decode(segment, plusIsSpace: false)
    }
    path = try Self.decode(rawPath, plusIsSpace: false)
    queryItems = try rawQuery.split(separator: UInt8(ascii: "&")).map {
      pair throws(HTTPRequestError) in
      if let equals = pair.firstIndex(of: UInt8(ascii: "=")) {
        return HTTPQueryItem(
          name: try Self.decode(pair[..<equals], plusIsSpace: true),
          value: try Self.decode(pair[(equals + 1)...], plusIsSpace: true))
      }
      return HTTPQueryItem(name: try Self.decode(pair, plusIsSpace: true), value: "")
    }
  }

  /// Decodes `%XX` escapes (and `+` as a space where asked); the result must be UTF-8.
  static func decode(
    _ bytes: ArraySlice<UInt8>, plusIsSpace: Bool
  ) throws(HTTPRequestError) -> String {
    var decoded: [UInt8] = []
    decoded.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%") {
        guard index + 2 < bytes.endIndex,
          let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
        else {
          throw HTTPRequestError(
            status: 400, message: "the request target has a \"%\" not followed by two hex digits")
        }
        decoded.append(high << 4 | low)
        index += 3
      } else {
        decoded.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
        index += 1
      }
    }
    guard let text = String(validating: decoded, as: UTF8.self) else {
      throw HTTPRequestError(
        status: 400, message: "the request target decodes to bytes that are not UTF-8")
    }
    return text
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
