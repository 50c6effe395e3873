import Cryptography

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A secret that stands for a signed-in session: 32 bytes from the system's secure random
/// generator, written in URL-safe base64 (43 characters), fit for an
/// `Authorization: Bearer …` header. A server keeps only its ``digest``, so a copy of the
/// server's data signs no one in.
public struct SessionToken: Hashable, Sendable, CustomStringConvertible {
  /// How many random bytes a token has.
  public static let byteCount = 32

  /// The token as the client sends it.
  public let text: String

  /// A new random token, from the system's secure generator (`SystemRandomNumberGenerator`:
  /// `getrandom` on Linux, `arc4random` on Apple platforms).
  public static func generate() -> SessionToken {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<byteCount).map { _ in generator.next() as UInt8 }
    return SessionToken(uncheckedText: urlSafeBase64(bytes))
  }

  /// Reads a token a client sent; `nil` when `text` is not 32 bytes of URL-safe base64
  /// without padding (43 characters of `A–Z a–z 0–9 - _`).
  public init?(_ text: String) {
    guard let bytes = Self.bytes(ofURLSafeBase64: text), bytes.count == Self.byteCount else {
      return nil
    }
    self.text = text
  }

  /// `bytes` in URL-safe base64 without padding (RFC 4648, section 5): Foundation's base64
  /// with `-` and `_` for `+` and `/`, and the `=` dropped.
  static func urlSafeBase64(_ bytes: [UInt8]) -> String {
    let standard = Data(bytes).base64EncodedString()
    return String(
      standard.unicodeScalars.compactMap { scalar -> Character? in
        switch scalar {
        case "+": "-"
        case "/": "_"
        case "=": nil
        default: Character(scalar)
        }
      })
  }

  /// The bytes of URL-safe base64 text without padding, or `nil` when it is not that.
  static func bytes(ofURLSafeBase64 text: String) -> [UInt8]? {
    guard
      text.utf8.allSatisfy({ byte in
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
          true
        default: false
        }
      })
    else { return nil }
    let standard = String(
      text.map { character -> Character in
        switch character {
        case "-": "+"
        case "_": "/"
        default: character
        }
      })
    let padding = String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4)
    return Data(base64Encoded: standard + padding).map { Array($0) }
  }

  private init(uncheckedText: String) {
    text = uncheckedText
  }

  /// The SHA-256 of the token's text, in URL-safe base64: what a server stores instead of
  /// the token.
  public var digest: String {
    Self.urlSafeBase64(SHA256.hash(Array(text.utf8)))
  }

  /// A placeholder, so that printing a token by mistake does not reveal it.
  public var description: String { "SessionToken(…)" }
}
