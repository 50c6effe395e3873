import Foundation
import Models
import ReactiveCore
import Services

extension RemoteBackend: SearchService {
  /// Searches friends.
  public func search(_ query: String) -> Single<[Friend]> {
    call { client in try await client.searchFriends(matching: query) }
  }
}
