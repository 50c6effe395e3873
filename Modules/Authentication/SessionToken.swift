import Cryptography

/// A secret that stands for a signed-in session: 32 bytes from the system's secure random
/// generator, written in URL-safe base64 (43 characters), fit for an
/// `Authorization: Bearer …` header. A server keeps only its ``digest``, so a copy of the
/// server's data signs no one in.
public struct SessionToken: Hashable, Sendable, CustomStringConvertible {
  /// How many random bytes a token has.
  public static let byteCount = 32

  /// The token as the client sends it.
  public let text: String

  /// A new random token.
  ///
  /// - Throws: ``SecureRandomError`` when the system gives no random bytes.
  public static func generate() throws(SecureRandomError) -> SessionToken {
    SessionToken(uncheckedText: Base64.encode(try SecureRandom.bytes(count: byteCount), .urlSafe))
  }

  /// Reads a token a client sent; `nil` when `text` is not 32 bytes of URL-safe base64.
  public init?(_ text: String) {
    guard let bytes = Base64.decode(text, .urlSafe), bytes.count == Self.byteCount else {
      return nil
    }
    self.text = text
  }

  private init(uncheckedText: String) {
    text = uncheckedText
  }

  /// The SHA-256 of the token's text, in URL-safe base64: what a server stores instead of
  /// the token.
  public var digest: String {
    Base64.encode(SHA256.hash(Array(text.utf8)), .urlSafe)
  }

  /// A placeholder, so that printing a token by mistake does not reveal it.
  public var description: String { "SessionToken(…)" }
}
