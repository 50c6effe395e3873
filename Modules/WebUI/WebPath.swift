/// A path of the app's own pages, such as `/notes/7` or `/notes?q=jam`: what the address
/// bar shows for a screen, and what the page's links lead to.
///
/// Each segment and query value is percent-encoded where it is written, so a value with `/`,
/// `?`, `#` or `%` in it stays one segment, and a path always starts with one `/`: it can
/// only lead to a page of this app, never to another site.
public struct WebPath: Hashable, Sendable, CustomStringConvertible {
  /// The segments, as given (not encoded).
  public var segments: [String]
  /// The query's names and values, in order, as given (not encoded).
  public var query: [(name: String, value: String)]

  /// The path of `segments`, with `query`.
  public init(_ segments: [String], query: [(name: String, value: String)] = []) {
    self.segments = segments
    self.query = query
  }

  /// The path of `segments`.
  public init(_ segments: String...) {
    self.init(segments)
  }

  /// The path as it is written in a link or the address bar.
  public var text: String {
    var text = "/" + segments.map(Self.encoded).joined(separator: "/")
    if !query.isEmpty {
      text +=
        "?"
        + query.map { Self.encoded($0.name) + "=" + Self.encoded($0.value) }.joined(separator: "&")
    }
    return text
  }

  public var description: String { text }

  /// Reads a path as a browser sends it (the request target): its segments and query,
  /// decoded. Empty segments are dropped (`//a/` is `/a`); `nil` when the text does not
  /// start with `/` or has a malformed percent escape.
  public init?(parsing text: String) {
    guard text.hasPrefix("/") else { return nil }
    let parts = text.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    var segments: [String] = []
    for segment in parts[0].split(separator: "/") {
      guard let decoded = Self.decoded(segment, plusIsSpace: false) else { return nil }
      segments.append(decoded)
    }
    var query: [(name: String, value: String)] = []
    if parts.count == 2 {
      for item in parts[1].split(separator: "&") {
        let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard let name = Self.decoded(pair[0], plusIsSpace: true),
          let value = pair.count == 2 ? Self.decoded(pair[1], plusIsSpace: true) : ""
        else { return nil }
        query.append((name, value))
      }
    }
    self.init(segments, query: query)
  }

  /// The value of the first query item named `name`.
  public func queryValue(_ name: String) -> String? {
    query.first { $0.name == name }?.value
  }

  public static func == (a: WebPath, b: WebPath) -> Bool {
    a.segments == b.segments && a.query.elementsEqual(b.query) { $0 == $1 }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(segments)
    for item in query {
      hasher.combine(item.name)
      hasher.combine(item.value)
    }
  }

  /// `text` with every byte other than letters, digits, `-`, `.`, `_` and `~` written as
  /// `%XX` (RFC 3986's unreserved characters).
  static func encoded(_ text: String) -> String {
    var result = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let digits = Array("0123456789ABCDEF".unicodeScalars)
        result.unicodeScalars.append("%")
        result.unicodeScalars.append(digits[Int(byte >> 4)])
        result.unicodeScalars.append(digits[Int(byte & 0xF)])
      }
    }
    return result
  }

  /// `text` with its `%XX` escapes (and `+` when `plusIsSpace`, as forms write a query)
  /// decoded; `nil` for a malformed escape or bytes that are not UTF-8.
  static func decoded(_ text: Substring, plusIsSpace: Bool) -> String? {
    var bytes: [UInt8] = []
    var utf8 = text.utf8.makeIterator()
    while let byte = utf8.next() {
      if byte == UInt8(ascii: "%") {
        guard let high = utf8.next().flatMap(hexValue), let low = utf8.next().flatMap(hexValue)
        else { return nil }
        bytes.append(high << 4 | low)
      } else if plusIsSpace && byte == UInt8(ascii: "+") {
        bytes.append(UInt8(ascii: " "))
      } else {
        bytes.append(byte)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
