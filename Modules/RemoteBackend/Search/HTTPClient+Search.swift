import AppAPI
import Foundation
import Models
import Services

extension HTTPClient {
  /// `GET /search?q=…`: the friends whose name contains `query`, ignoring case and accents;
  /// an empty query matches everyone.
  public func searchFriends(matching query: String) async throws -> [Friend] {
    try await send(HTTPAPI.search, query: [("q", query)])
  }
}
