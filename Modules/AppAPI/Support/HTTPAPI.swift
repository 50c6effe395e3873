import Foundation
import Models

/// The wire format of the Friends HTTP API (see `Docs/HTTP-API.md`), shared by
/// the remote backend's `HTTPClient` and the server so that both sides encode the same JSON.
///
/// Models travel in their `Codable` form (such as `Account`), with dates as ISO 8601 text in
/// UTC, with milliseconds when they are not zero (`2024-03-01T08:00:00Z`,
/// `2024-03-01T08:00:00.250Z`). The bodies that are not models are the small types below.
public enum HTTPAPI {
  /// The body of `POST /login`.
  public struct Credentials: Codable, Hashable, Sendable {
    /// The address to sign in with.
    public var email: String
    /// The password.
    public var password: String

    /// Creates credentials.
    public init(email: String, password: String) {
      self.email = email
      self.password = password
    }
  }

  /// The answer of `POST /login` and `GET /account`: the signed-in account, or `null`
  /// when nobody is signed in.
  public struct AccountBody: Codable, Hashable, Sendable {
    /// The signed-in account, if any.
    public var account: Account?

    /// Creates the body.
    public init(account: Account?) {
      self.account = account
    }

    /// The body that describes `status`.
    public init(_ status: AccountStatus) {
      self.init(account: status.account)
    }

    /// The account status the body describes.
    public var status: AccountStatus {
      account.map(AccountStatus.authorized) ?? .unavailable
    }

    private enum CodingKeys: String, CodingKey {
      case account
    }

    /// Encodes `{"account": …}`, writing `null` rather than leaving the key out.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(account, forKey: .account)
    }
  }

  /// The body of `POST /password-reset`.
  public struct PasswordResetRequest: Codable, Hashable, Sendable {
    /// The address to send the reset link to.
    public var email: String

    /// Creates the body.
    public init(email: String) {
      self.email = email
    }
  }

  /// The body of every error answer: `{"error": "…"}`.
  public struct ErrorBody: Codable, Hashable, Sendable {
    /// A sentence for the user saying what went wrong.
    public var error: String
    /// With 429: the seconds to wait before the next login, as in the `Retry-After` header.
    public var retryAfter: Int?

    /// Creates the body.
    public init(error: String, retryAfter: Int? = nil) {
      self.error = error
      self.retryAfter = retryAfter
    }
  }

  /// A JSON encoder for API bodies: models in their `Codable` form, ISO 8601 dates, keys
  /// in alphabetical order.
  public static func makeEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(dateText(date))
    }
    return encoder
  }

  /// A JSON decoder for API bodies; it reads ISO 8601 dates with or without fractions of a
  /// second and with `Z` or an offset such as `+02:00`.
  public static func makeDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let date = Timestamp.parse(text) else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "\"\(text)\" is not an ISO 8601 date")
      }
      return date
    }
    return decoder
  }

  /// The ISO 8601 text of a date, to the millisecond, for example
  /// `2024-03-01T08:00:00.250Z`.
  public static func dateText(_ date: Date) -> String {
    Timestamp.text(date)
  }

  /// A query string (without the `?`) with each name and value percent-encoded: every byte
  /// except letters, digits, `-`, `.`, `_` and `~` is written as `%XX` of its UTF-8 form, so
  /// `+`, `&` and `=` in a value survive the trip.
  public static func queryString(_ items: [(name: String, value: String)]) -> String {
    items.map { "\(percentEncoded($0.name))=\(percentEncoded($0.value))" }
      .joined(separator: "&")
  }

  private static func percentEncoded(_ text: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        bytes.append(byte)
      default:
        bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
