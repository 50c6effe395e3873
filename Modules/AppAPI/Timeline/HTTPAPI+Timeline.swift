import Models

extension HTTPAPI {
  /// How many posts a timeline page has when the request does not say.
  public static let defaultPageSize = 20
  /// The most posts a timeline page may have.
  public static let maximumPageSize = 100

  /// `GET /timeline?since_id=…&max_id=…&limit=…`: one page of posts, newest first;
  /// `before=…` is another name for `max_id` (the page before a post).
  public static let timeline = Route<NoBody, [Post]>(
    "GET", "/timeline", answer: "a page of posts")
  /// `GET /people`: everyone who wrote a post.
  public static let people = Route<NoBody, [Person]>(
    "GET", "/people", answer: "a list of people")
  /// `GET /people/{id}/posts`: one page of one person's posts, with the query of
  /// ``timeline``.
  public static let personPosts = Route<NoBody, [Post]>(
    "GET", "/people/{id}/posts", answer: "a page of posts")
}
