import Foundation
import Models
import ReactiveCore
import Services

extension LocalBackend: SearchService {
  /// Friends whose names contain `query`.
  public func search(_ query: String) -> Single<[Friend]> {
    read("search") { store in try store.searchFriends(matching: query) }
  }
}
