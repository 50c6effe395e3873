#if Postgres
  import CLibPQ
#endif

/// A connection string read as libpq reads it: the options it sets, in the order libpq lists
/// them, each with the value libpq would use (percent-decoded, unquoted, unescaped).
///
/// With the `Postgres` trait the string is read by libpq itself (`PQconninfoParse`); without
/// it, by ``parseWithLibpqGrammar(_:)``, which follows the same grammar, so that what a
/// program decides from the options (whether a password is given, what to print) holds in
/// both builds.
public struct ConnectionInfo: Sendable, Equatable {
  /// One option that the string sets.
  public struct Option: Sendable, Equatable {
    /// libpq's name for it (`host`, `dbname`, `password`, …).
    public var keyword: String
    /// Its value, as libpq would use it.
    public var value: String

    /// Makes an option.
    public init(keyword: String, value: String) {
      self.keyword = keyword
      self.value = value
    }
  }

  /// The options the string sets, in libpq's order, each once (a later setting of a keyword
  /// replaces an earlier one, as in libpq).
  public var options: [Option]

  /// Makes the result of a parse from its options.
  public init(options: [Option]) { self.options = options }

  /// The keywords whose values are secrets: never shown, never taken from a command line.
  public static let secretKeywords: Set<String> = ["password", "sslpassword"]

  /// Every keyword libpq 15 knows, in its order.
  public static let keywords: [String] = [
    "service", "user", "password", "passfile", "channel_binding", "connect_timeout", "dbname",
    "host", "hostaddr", "port", "client_encoding", "options", "application_name",
    "fallback_application_name", "keepalives", "keepalives_idle", "keepalives_interval",
    "keepalives_count", "tcp_user_timeout", "sslmode", "sslcompression", "sslcert", "sslkey",
    "sslpassword", "sslrootcert", "sslcrl", "sslcrldir", "sslsni", "requirepeer",
    "ssl_min_protocol_version", "ssl_max_protocol_version", "gssencmode", "krbsrvname",
    "gsslib", "replication", "target_session_attrs",
  ]

  /// The value of `keyword`, or `nil` when the string does not set it.
  public subscript(keyword: String) -> String? {
    options.first { $0.keyword == keyword }?.value
  }

  /// Whether the string sets a password (`password` or `sslpassword`) to a non-empty value.
  public var hasSecret: Bool {
    options.contains { Self.secretKeywords.contains($0.keyword) && !$0.value.isEmpty }
  }

  /// The options as `key=value` pairs, each secret shown as `***`: safe to print and log.
  public var redacted: String {
    options.map { option in
      let value = Self.secretKeywords.contains(option.keyword) ? "***" : Self.quoted(option.value)
      return "\(option.keyword)=\(value)"
    }.joined(separator: " ")
  }

  /// A value as libpq's `key=value` form reads it back: quoted when empty or holding a space,
  /// a quote or a backslash, with quotes and backslashes escaped.
  private static func quoted(_ value: String) -> String {
    let plain =
      !value.isEmpty
      && !value.unicodeScalars.contains { isSpace($0) || $0 == "'" || $0 == "\\" }
    if plain { return value }
    var result = "'"
    for character in value.unicodeScalars {
      if character == "'" || character == "\\" { result.unicodeScalars.append("\\") }
      result.unicodeScalars.append(character)
    }
    return result + "'"
  }

  /// Reads `text` as libpq does when it connects with `text` as its `dbname` and
  /// `expand_dbname` on: a URI (`postgresql://…`, `postgres://…`), `key=value` pairs (when
  /// the text holds an `=`), or else a database's name.
  ///
  /// With the `Postgres` trait libpq reads it; without it, ``parseWithLibpqGrammar(_:)``.
  ///
  /// - Throws: `ConnectionInfo.ParseError` saying what libpq would refuse; its message never
  ///   holds a value from the string, so that it never shows a password.
  public static func parse(_ text: String) throws(ParseError) -> ConnectionInfo {
    guard isConnectionString(text) else {
      return ConnectionInfo(options: [Option(keyword: "dbname", value: text)])
    }
    #if Postgres
      if let parsed = parsedByLibpq(text) { return parsed }
      // libpq refused it: the grammar's own message says why without quoting a value.
      _ = try parseWithLibpqGrammar(text)
      throw ParseError("libpq cannot read the connection string")
    #else
      return try parseWithLibpqGrammar(text)
    #endif
  }

  /// Whether libpq takes `text`, given as a database's name, for a whole connection string:
  /// a URI, or text holding `=`.
  public static func isConnectionString(_ text: String) -> Bool {
    uriPrefixLength(text) != nil || text.contains("=")
  }

  #if Postgres
    /// The options libpq's `PQconninfoParse` returns for `text`, or `nil` when it refuses it.
    public static func parsedByLibpq(_ text: String) -> ConnectionInfo? {
      var error: UnsafeMutablePointer<CChar>?
      guard let array = PQconninfoParse(text, &error) else {
        if let error { PQfreemem(error) }
        return nil
      }
      defer { PQconninfoFree(array) }
      var options: [Option] = []
      var option = array
      while let keyword = option.pointee.keyword {
        if let value = option.pointee.val {
          options.append(Option(keyword: String(cString: keyword), value: String(cString: value)))
        }
        option += 1
      }
      return ConnectionInfo(options: options)
    }
  #endif

  /// Why a connection string cannot be read.
  public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, without any value of the string.
    public var message: String

    /// Makes an error.
    public init(_ message: String) { self.message = message }

    public var description: String { message }
  }

  /// Reads a connection string with libpq's grammar, in Swift (for builds without libpq).
  ///
  /// A URI: `scheme://[user[:password]@][host[:port][,host[:port]…]][/dbname][?key=value&…]`,
  /// each part percent-decoded (`%00` refused), unknown query keys refused, `ssl=true` read as
  /// `sslmode=require`. Otherwise `key = value` pairs separated by white space, a value quoted
  /// with `'…'` or not, `\` escaping the next character, unknown keys refused. A keyword set
  /// twice keeps its last value.
  ///
  /// - Throws: `ParseError` for what libpq refuses.
  public static func parseWithLibpqGrammar(_ text: String) throws(ParseError) -> ConnectionInfo {
    var values: [String: String] = [:]
    if let prefix = uriPrefixLength(text) {
      try parseURI(Array(text.utf8.dropFirst(prefix)), into: &values)
    } else {
      try parsePairs(Array(text.utf8), into: &values)
    }
    return ConnectionInfo(
      options: keywords.compactMap { keyword in
        values[keyword].map { Option(keyword: keyword, value: $0) }
      })
  }

  private static func uriPrefixLength(_ text: String) -> Int? {
    for prefix in ["postgresql://", "postgres://"] where text.utf8.starts(with: prefix.utf8) {
      return prefix.utf8.count
    }
    return nil
  }

  /// C's `isspace` in the C locale.
  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }

  private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
    scalar.isASCII && isSpace(UInt8(scalar.value))
  }

  private static func string(_ bytes: some Collection<UInt8>) -> String {
    String(decoding: bytes, as: UTF8.self)
  }

  /// Stores a value as libpq's `conninfo_storeval` does, `requiressl` read as `sslmode`.
  private static func store(
    _ keyword: String, _ value: String, into values: inout [String: String],
    unknown: String = "the connection string has an option libpq does not know"
  ) throws(ParseError) {
    if keyword == "requiressl" {
      values["sslmode"] = value.hasPrefix("1") ? "require" : "prefer"
      return
    }
    guard keywords.contains(keyword) else { throw ParseError(unknown) }
    values[keyword] = value
  }

  private static func parsePairs(_ bytes: [UInt8], into values: inout [String: String])
    throws(ParseError)
  {
    let equals = UInt8(ascii: "=")
    let quote = UInt8(ascii: "'")
    let backslash = UInt8(ascii: "\\")
    var index = 0
    while index < bytes.count {
      if isSpace(bytes[index]) {
        index += 1
        continue
      }
      let nameStart = index
      var nameEnd = index
      while index < bytes.count, bytes[index] != equals, !isSpace(bytes[index]) { index += 1 }
      nameEnd = index
      while index < bytes.count, isSpace(bytes[index]) { index += 1 }
      guard index < bytes.count, bytes[index] == equals else {
        throw ParseError("the connection string is missing \"=\" after an option's name")
      }
      index += 1
      while index < bytes.count, isSpace(bytes[index]) { index += 1 }
      var value: [UInt8] = []
      if index < bytes.count, bytes[index] == quote {
        index += 1
        while true {
          guard index < bytes.count else {
            throw ParseError("the connection string has an unterminated quoted value")
          }
          let byte = bytes[index]
          if byte == backslash {
            index += 1
            if index < bytes.count {
              value.append(bytes[index])
              index += 1
            }
          } else if byte == quote {
            index += 1
            break
          } else {
            value.append(byte)
            index += 1
          }
        }
      } else {
        while index < bytes.count {
          let byte = bytes[index]
          if isSpace(byte) {
            index += 1
            break
          }
          if byte == backslash {
            index += 1
            if index < bytes.count {
              value.append(bytes[index])
              index += 1
            }
          } else {
            value.append(byte)
            index += 1
          }
        }
      }
      try store(string(bytes[nameStart..<nameEnd]), string(value), into: &values)
    }
  }

  /// Percent-decodes a part of a URI as libpq's `conninfo_uri_decode` does.
  private static func decoded(_ bytes: ArraySlice<UInt8>) throws(ParseError) -> String {
    var result: [UInt8] = []
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      index += 1
      guard byte == UInt8(ascii: "%") else {
        result.append(byte)
        continue
      }
      guard index + 1 < bytes.endIndex, let high = hexDigit(bytes[index]),
        let low = hexDigit(bytes[index + 1])
      else {
        throw ParseError("the connection string has an invalid percent-encoded token")
      }
      index += 2
      let value = high << 4 | low
      guard value != 0 else {
        throw ParseError("the connection string has %00 in a percent-encoded value")
      }
      result.append(value)
    }
    return string(result)
  }

  private static func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }

  private static func parseURI(_ bytes: [UInt8], into values: inout [String: String])
    throws(ParseError)
  {
    let at = UInt8(ascii: "@")
    let slash = UInt8(ascii: "/")
    let colon = UInt8(ascii: ":")
    let question = UInt8(ascii: "?")
    let comma = UInt8(ascii: ",")
    var index = 0
    // User and password: only when an "@" comes before the first "/".
    if let credentialsEnd = bytes.firstIndex(where: { $0 == at || $0 == slash }),
      bytes[credentialsEnd] == at
    {
      let userEnd = bytes[..<credentialsEnd].firstIndex(of: colon) ?? credentialsEnd
      if userEnd > 0 { try store("user", decoded(bytes[0..<userEnd]), into: &values) }
      if userEnd < credentialsEnd, userEnd + 1 < credentialsEnd {
        try store("password", decoded(bytes[(userEnd + 1)..<credentialsEnd]), into: &values)
      }
      index = credentialsEnd + 1
    }
    var hosts: [UInt8] = []
    var ports: [UInt8] = []
    var terminator: UInt8? = nil
    while true {
      if index < bytes.count, bytes[index] == UInt8(ascii: "[") {
        index += 1
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "]") { index += 1 }
        guard index < bytes.count else {
          throw ParseError("the connection string's IPv6 address has no closing \"]\"")
        }
        guard index > start else {
          throw ParseError("the connection string's IPv6 address is empty")
        }
        hosts += bytes[start..<index]
        index += 1
        if index < bytes.count, ![colon, slash, question, comma].contains(bytes[index]) {
          throw ParseError("the connection string has an unexpected character after \"]\"")
        }
      } else {
        let start = index
        while index < bytes.count, ![colon, slash, question, comma].contains(bytes[index]) {
          index += 1
        }
        hosts += bytes[start..<index]
      }
      terminator = index < bytes.count ? bytes[index] : nil
      if terminator == colon {
        index += 1
        let start = index
        while index < bytes.count, ![slash, question, comma].contains(bytes[index]) { index += 1 }
        ports += bytes[start..<index]
        terminator = index < bytes.count ? bytes[index] : nil
      }
      guard terminator == comma else { break }
      index += 1
      hosts.append(comma)
      ports.append(comma)
    }
    if !hosts.isEmpty { try store("host", decoded(hosts[...]), into: &values) }
    if !ports.isEmpty { try store("port", decoded(ports[...]), into: &values) }
    if let character = terminator, character != question {
      index += 1
      let start = index
      while index < bytes.count, bytes[index] != question { index += 1 }
      if index > start { try store("dbname", decoded(bytes[start..<index]), into: &values) }
      terminator = index < bytes.count ? bytes[index] : nil
    }
    if terminator != nil {
      try parseQuery(bytes[(index + 1)...], into: &values)
    }
  }

  private static func parseQuery(_ bytes: ArraySlice<UInt8>, into values: inout [String: String])
    throws(ParseError)
  {
    for item in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false)
    where !(item.isEmpty && item.endIndex == bytes.endIndex) {
      let parts = item.split(separator: UInt8(ascii: "="), omittingEmptySubsequences: false)
      guard parts.count >= 2 else {
        throw ParseError("a query parameter of the connection string has no \"=\"")
      }
      guard parts.count == 2 else {
        throw ParseError("a query parameter of the connection string has more than one \"=\"")
      }
      var keyword = try decoded(parts[0])
      var value = try decoded(parts[1])
      if keyword == "ssl" && value == "true" {
        keyword = "sslmode"
        value = "require"
      }
      try store(
        keyword, value, into: &values,
        unknown: "the connection string has a query parameter libpq does not know")
    }
  }
}
