import Models

extension HTTPAPI {
  /// `GET /__command__`: every __phrase__ entry, oldest first.
  public static let __feature__Items = Endpoint("GET", "/__command__")
  /// `POST /__command__`: adds an entry from a ``__Feature__Draft``; answers 201 with it.
  public static let add__Feature__Item = Endpoint("POST", "/__command__")
  /// `DELETE /__command__/{id}`: removes an entry; answers 204.
  public static let remove__Feature__Item = Endpoint("DELETE", "/__command__/{id}")

  /// The body of `POST /__command__`: the new entry's text.
  public struct __Feature__Draft: Codable, Hashable, Sendable {
    /// The text, trimmed by the server.
    public var text: String

    /// Creates the body.
    public init(text: String) {
      self.text = text
    }
  }
}
