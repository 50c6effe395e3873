import Models

// The order of the friends list, which the store keeps its friends in.
extension Friend {
  /// The list order of friends: by the name as the list shows it, first name then last name,
  /// in `ReadingOrder` (numbers by value, case and accents aside), as every list of names
  /// is; then the exact names (the store orders equal ones by identifier).
  @Sendable static func listOrder(_ a: Friend, _ b: Friend) -> Bool {
    let byFirstName = ReadingOrder.compare(a.firstName, b.firstName)
    if byFirstName != .orderedSame { return byFirstName == .orderedAscending }
    let byLastName = ReadingOrder.compare(a.lastName, b.lastName)
    if byLastName != .orderedSame { return byLastName == .orderedAscending }
    if a.firstName != b.firstName { return a.firstName < b.firstName }
    return a.lastName < b.lastName
  }
}
