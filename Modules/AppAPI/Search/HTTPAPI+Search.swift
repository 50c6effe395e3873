extension HTTPAPI {
  /// `GET /search?q=…`: the friends whose name contains the query.
  public static let search = Endpoint("GET", "/search")
}
