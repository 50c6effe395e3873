import Foundation
import Models

extension RecordStore {
  /// The friends whose first name, last name or full name ("first last" or "last first")
  /// contains `query`, ignoring case, accents and surrounding spaces, in list order. An
  /// empty query matches everyone.
  public func searchFriends(matching query: String) throws(StoreError) -> [Friend] {
    let query = query.trimmingCharacters(in: .whitespacesAndNewlines)
    let friends = try records(Friend.self)
    guard !query.isEmpty else { return friends }
    let options: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
    return friends.filter { friend in
      [friend.fullName, "\(friend.lastName) \(friend.firstName)"].contains {
        $0.range(of: query, options: options) != nil
      }
    }
  }
}
