import Foundation
import Services

/// Reads an HTTP/1.1 answer from the bytes of a connection as they arrive: the status line,
/// the header fields, and the body framed by `Content-Length`, by `Transfer-Encoding:
/// chunked`, or by the end of the connection. Interim answers (1xx) are skipped.
///
/// What cannot be read as HTTP (a status line that is not one, a bad chunk size, a header or
/// body past its limit, a connection that ends too soon) throws
/// ``ServiceError/malformedResponse(_:)``.
struct HTTPAnswerReader {
  /// The largest header accepted (status line and fields, and again for trailer fields).
  static let maximumHeaderSize = 64 * 1024
  /// The largest body accepted.
  static let maximumBodySize = 64 * 1024 * 1024
  /// The longest chunk size line accepted.
  private static let maximumChunkLine = 1024

  /// The answer's status, once its header was read.
  private(set) var status = 0
  /// The answer's body so far.
  private(set) var body = Data()

  private enum Stage: Equatable {
    case statusLine
    case fields
    /// Everything until the end of the connection is body.
    case untilEnd
    /// This many body bytes are still to come.
    case length(Int)
    case chunkSize
    /// This many bytes of the chunk are still to come.
    case chunkData(Int)
    /// The line break after a chunk's data.
    case chunkEnd
    case trailers
    case done
  }

  private var stage = Stage.statusLine
  /// Bytes received and not yet used: at most a partial line.
  private var pending: [UInt8] = []
  /// How many header bytes were read, against ``maximumHeaderSize``.
  private var headerSize = 0
  /// Whether any byte arrived.
  private var receivedAny = false
  private var contentLength: Int?
  private var chunked = false
  private let method: String
  private let server: String

  /// A reader of the answer to a `method` request sent to `server` (named in errors).
  init(method: String, server: String) {
    self.method = method
    self.server = server
  }

  /// Whether the whole answer was read.
  var isComplete: Bool { stage == .done }

  /// Takes in the bytes that arrived.
  mutating func receive(_ bytes: ArraySlice<UInt8>) throws(ServiceError) {
    if !bytes.isEmpty { receivedAny = true }
    pending.append(contentsOf: bytes)
    var position = 0
    defer { pending.removeFirst(position) }
    while stage != .done {
      switch stage {
      case .statusLine, .fields, .trailers:
        let limit = Self.maximumHeaderSize - headerSize
        guard let (line, next) = try line(from: position, limit: limit) else { return }
        headerSize += next - position
        position = next
        try take(headerLine: line)
      case .chunkSize:
        guard let (line, next) = try line(from: position, limit: Self.maximumChunkLine) else {
          return
        }
        position = next
        let size = try Self.chunkSize(line)
        guard body.count + size <= Self.maximumBodySize else { throw tooLarge() }
        stage = size == 0 ? .trailers : .chunkData(size)
        headerSize = 0
      case .chunkData(let left), .length(let left):
        let count = min(left, pending.count - position)
        guard count > 0 else { return }
        body.append(contentsOf: pending[position..<position + count])
        position += count
        if case .length = stage {
          stage = count < left ? .length(left - count) : .done
        } else {
          stage = count < left ? .chunkData(left - count) : .chunkEnd
        }
      case .chunkEnd:
        guard let (line, next) = try line(from: position, limit: 2) else { return }
        guard line.isEmpty else { throw unreadable("a chunk is longer than its size says") }
        position = next
        stage = .chunkSize
      case .untilEnd:
        guard body.count + pending.count - position <= Self.maximumBodySize else {
          throw tooLarge()
        }
        body.append(contentsOf: pending[position...])
        position = pending.count
        return
      case .done:
        return
      }
    }
  }

  /// Takes in the end of the connection: completes an answer framed by it, and throws for
  /// an answer that should have gone on.
  mutating func receiveEnd() throws(ServiceError) {
    switch stage {
    case .done:
      return
    case .untilEnd:
      stage = .done
    case .statusLine where !receivedAny:
      throw ServiceError.malformedResponse("the server did not send a valid HTTP answer")
    case .statusLine, .fields:
      throw unreadable("the connection to \(server) closed in the middle of the answer's header")
    case .length(let left):
      throw unreadable(
        "the connection to \(server) closed \(left) bytes before the end of the answer")
    case .chunkSize, .chunkData, .chunkEnd, .trailers:
      throw unreadable(
        "the connection to \(server) closed before the last chunk of the answer")
    }
  }

  // MARK: - Header

  /// Reads one line of the header or of the trailer fields.
  private mutating func take(headerLine line: ArraySlice<UInt8>) throws(ServiceError) {
    switch stage {
    case .statusLine:
      status = try Self.status(line)
      stage = .fields
    case .fields:
      if line.isEmpty {
        try endHeader()
      } else {
        try take(field: line)
      }
    default:
      // Trailer fields are read and left.
      if line.isEmpty { stage = .done }
    }
  }

  private mutating func take(field line: ArraySlice<UInt8>) throws(ServiceError) {
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
      line[..<colon].allSatisfy(Self.isTokenByte)
    else {
      throw unreadable("a header line of the answer is not a field: \(Self.quoted(line))")
    }
    let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
    let value = String(decoding: line[(colon + 1)...], as: UTF8.self)
      .trimmingCharacters(in: .whitespaces)
    switch name {
    case "content-length":
      // A list of equal lengths is one length; anything else is not.
      let lengths = Set(value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
      guard lengths.count == 1, let text = lengths.first, !text.isEmpty,
        text.allSatisfy({ $0.isASCII && $0.isNumber })
      else { throw unreadable("the answer's Content-Length is not a number: \(value)") }
      // More digits than a body may have bytes is past the limit anyway.
      let length = text.count > 12 ? Int.max : Int(text)!
      if let contentLength, contentLength != length {
        throw unreadable("the answer has two different Content-Length fields")
      }
      contentLength = length
    case "transfer-encoding":
      for coding in value.split(separator: ",") {
        let coding = coding.trimmingCharacters(in: .whitespaces).lowercased()
        guard coding == "chunked" else {
          throw unreadable("the answer is sent with the \(coding) coding, which is not read here")
        }
        chunked = true
      }
    default:
      break
    }
  }

  /// Chooses how the body is framed, now that the header ended.
  private mutating func endHeader() throws(ServiceError) {
    headerSize = 0
    if (100..<200).contains(status) {
      // An interim answer: the real one follows.
      status = 0
      contentLength = nil
      chunked = false
      stage = .statusLine
    } else if method == "HEAD" || status == 204 || status == 304 {
      stage = .done
    } else if chunked {
      stage = .chunkSize
    } else if let contentLength {
      guard contentLength <= Self.maximumBodySize else { throw tooLarge() }
      stage = contentLength == 0 ? .done : .length(contentLength)
    } else {
      stage = .untilEnd
    }
  }

  // MARK: - Pieces

  /// The line starting at `start` (without its line break, LF or CRLF) and where the next one
  /// starts, or `nil` when it has not all arrived; throws when it is longer than `limit`.
  private func line(from start: Int, limit: Int) throws(ServiceError)
    -> (ArraySlice<UInt8>, next: Int)?
  {
    guard let end = pending[start...].firstIndex(of: UInt8(ascii: "\n")) else {
      if pending.count - start > limit { throw lineTooLong() }
      return nil
    }
    if end + 1 - start > limit { throw lineTooLong() }
    var line = pending[start..<end]
    if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
    return (line, end + 1)
  }

  private func lineTooLong() -> ServiceError {
    switch stage {
    case .chunkSize, .chunkEnd:
      return unreadable("a chunk of the answer is longer than its size says")
    default:
      return unreadable("the answer's header is larger than \(Self.maximumHeaderSize / 1024) KiB")
    }
  }

  /// The status code in a status line such as `HTTP/1.1 200 OK`.
  private static func status(_ line: ArraySlice<UInt8>) throws(ServiceError) -> Int {
    let text = String(decoding: line, as: UTF8.self)
    let parts = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[0].count == 8,
      parts[0].last?.isNumber == true, parts[1].count == 3,
      parts[1].allSatisfy({ $0.isASCII && $0.isNumber }), let status = Int(parts[1]),
      status >= 100
    else {
      throw ServiceError.malformedResponse(
        "the answer does not start with an HTTP status line: \(quoted(line))")
    }
    return status
  }

  /// The size in a chunk size line (hexadecimal digits, then maybe `;` and extensions).
  private static func chunkSize(_ line: ArraySlice<UInt8>) throws(ServiceError) -> Int {
    let digits = String(decoding: line.prefix { $0 != UInt8(ascii: ";") }, as: UTF8.self)
      .trimmingCharacters(in: .whitespaces)
    guard !digits.isEmpty, digits.count <= 8, digits.allSatisfy(\.isHexDigit),
      let size = Int(digits, radix: 16)
    else {
      throw ServiceError.malformedResponse(
        "a chunk size of the answer is not a hexadecimal number: \(quoted(line))")
    }
    return size
  }

  /// Whether `byte` may be in a method or a field name (an HTTP token).
  static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }
  }

  /// The first bytes of `line`, quoted, with what is not printable ASCII escaped.
  private static func quoted(_ line: ArraySlice<UInt8>) -> String {
    let shown = line.prefix(40).map { byte in
      (0x20..<0x7F).contains(byte) && byte != UInt8(ascii: "\\")
        ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
    }
    return "\"\(shown.joined())\(line.count > 40 ? "…" : "")\""
  }

  private func unreadable(_ detail: String) -> ServiceError {
    ServiceError.malformedResponse(detail)
  }

  private func tooLarge() -> ServiceError {
    unreadable("the answer is larger than \(Self.maximumBodySize / 1024 / 1024) MiB")
  }
}
