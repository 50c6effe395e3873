import Models

/// What one row of the friends list shows.
public struct FriendCellViewModel: Hashable, Sendable {
  /// The friend behind the row.
  public let friend: Friend

  /// Creates the row for `friend`.
  public init(friend: Friend) {
    self.friend = friend
  }

  /// "First Last".
  public var fullName: String { friend.fullName }

  /// The phone number as entered.
  public var phoneNumber: String { friend.phoneNumber }
}

/// One row of the friends list.
public enum FriendCellType: Hashable, Sendable {
  /// A friend.
  case normal(FriendCellViewModel)
  /// The list is empty: "No data available".
  case empty
  /// Loading failed, with the reason.
  case error(String)

  /// The text of an empty list.
  public static let emptyText = "No data available"
}
