import AppAPI
import Foundation
import Models
import Services

extension HTTPClient {
  /// `GET /timeline`: one page of the timeline, newest first.
  ///
  /// - Parameters:
  ///   - sinceId: When set, only posts newer than this identifier.
  ///   - maxId: When set, only posts older than this identifier.
  ///   - limit: The most posts to return (1 through ``HTTPAPI/maximumPageSize``).
  public func timeline(
    sinceId: Int? = nil, maxId: Int? = nil, limit: Int = HTTPAPI.defaultPageSize
  ) async throws -> [Post] {
    try await send(
      HTTPAPI.timeline, query: Self.pageQuery(sinceId: sinceId, maxId: maxId, limit: limit))
  }

  /// `GET /timeline?before=…`: the page before a post, newest first: up to `limit` posts
  /// older than `before` (the newest ones when `before` is `nil`).
  public func timeline(
    before: Int?, limit: Int = HTTPAPI.defaultPageSize
  ) async throws -> [Post] {
    var query: [(name: String, value: String)] = []
    if let before { query.append(("before", String(before))) }
    query.append(("limit", String(limit)))
    return try await send(HTTPAPI.timeline, query: query)
  }

  /// `GET /people`: everyone who wrote a post, sorted by name.
  public func people() async throws -> [Person] {
    try await send(HTTPAPI.people)
  }

  /// `GET /people/{id}/posts`: one page of one person's posts, newest first; the parameters
  /// are those of ``timeline(sinceId:maxId:limit:)``. A person without posts has an empty
  /// page.
  public func posts(
    byPerson personId: Int, sinceId: Int? = nil, maxId: Int? = nil,
    limit: Int = HTTPAPI.defaultPageSize
  ) async throws -> [Post] {
    try await send(
      HTTPAPI.personPosts, ["id": String(personId)],
      query: Self.pageQuery(sinceId: sinceId, maxId: maxId, limit: limit))
  }

  /// The query of one page: `since_id`, `max_id` and `limit`.
  fileprivate static func pageQuery(
    sinceId: Int?, maxId: Int?, limit: Int
  ) -> [(name: String, value: String)] {
    var items: [(name: String, value: String)] = []
    if let sinceId { items.append(("since_id", String(sinceId))) }
    if let maxId { items.append(("max_id", String(maxId))) }
    items.append(("limit", String(limit)))
    return items
  }
}
