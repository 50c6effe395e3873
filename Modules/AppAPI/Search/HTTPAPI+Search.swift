import Models

extension HTTPAPI {
  /// `GET /search?q=…`: the friends whose name contains the query.
  public static let search = Route<NoBody, [Friend]>(
    "GET", "/search", answer: "a list of friends")
}
