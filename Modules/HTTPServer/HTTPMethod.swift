/// An HTTP request method such as `GET` or `POST`.
///
/// Methods are case-sensitive, as HTTP defines them: `get` is not `GET`.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// The method's name as it appears on the request line.
  public var rawValue: String

  /// Creates a method from its name.
  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  /// Creates a method from a string literal, for example `"PATCH"`.
  public init(stringLiteral value: String) {
    self.init(rawValue: value)
  }

  /// `GET`: read a resource.
  public static let get = HTTPMethod(rawValue: "GET")
  /// `POST`: create a resource or run an action.
  public static let post = HTTPMethod(rawValue: "POST")
  /// `PUT`: replace a resource.
  public static let put = HTTPMethod(rawValue: "PUT")
  /// `PATCH`: change part of a resource.
  public static let patch = HTTPMethod(rawValue: "PATCH")
  /// `DELETE`: remove a resource.
  public static let delete = HTTPMethod(rawValue: "DELETE")
  /// `HEAD`: like `GET`, without the body.
  public static let head = HTTPMethod(rawValue: "HEAD")
  /// `OPTIONS`: ask what a resource supports.
  public static let options = HTTPMethod(rawValue: "OPTIONS")

  /// The method's name.
  public var description: String { rawValue }
}
