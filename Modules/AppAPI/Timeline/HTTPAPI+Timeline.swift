extension HTTPAPI {
  /// How many posts a timeline page has when the request does not say.
  public static let defaultPageSize = 20
  /// The most posts a timeline page may have.
  public static let maximumPageSize = 100

  /// `GET /timeline?since_id=…&max_id=…&limit=…`: one page of posts, newest first;
  /// `before=…` is another name for `max_id` (the page before a post).
  public static let timeline = Endpoint("GET", "/timeline")
  /// `GET /people`: everyone who wrote a post.
  public static let people = Endpoint("GET", "/people")
  /// `GET /people/{id}/posts`: one page of one person's posts, with the query of
  /// ``timeline``.
  public static let personPosts = Endpoint("GET", "/people/{id}/posts")
}
