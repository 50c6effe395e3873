import Foundation
import Models

extension LocalStore {
  /// The friends whose first name, last name or full name ("first last" or "last first")
  /// contains `query`, ignoring case, accents and surrounding spaces, in list order. An
  /// empty query matches everyone.
  public func searchFriends(matching query: String) throws(StoreError) -> [Friend] {
    let query = query.trimmingCharacters(in: .whitespacesAndNewlines)
    return try read { file in
      guard !query.isEmpty else { return file.list(Friend.self).records }
      let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
      return file.list(Friend.self).records.filter { friend in
        [friend.fullName, "\(friend.lastName) \(friend.firstName)"].contains {
          $0.range(of: query, options: options) != nil
        }
      }
    }
  }
}
