import Foundation
import Models

// The order of the friends list, which the store keeps its friends in.
extension Friend {
  /// The list order of friends: last name, first name (ignoring case and accents), then
  /// the exact names (the store orders equal ones by identifier).
  @Sendable static func listOrder(_ a: Friend, _ b: Friend) -> Bool {
    let byLastName = foldedOrder(a.lastName, b.lastName)
    if byLastName != .orderedSame { return byLastName == .orderedAscending }
    let byFirstName = foldedOrder(a.firstName, b.firstName)
    if byFirstName != .orderedSame { return byFirstName == .orderedAscending }
    if a.lastName != b.lastName { return a.lastName < b.lastName }
    return a.firstName < b.firstName
  }
}

/// The order of two names ignoring case and accents. Names in plain ASCII (most of them) are
/// compared byte by byte with their letters in lower case, which gives the same order as
/// Foundation's comparison many times faster; others go through Foundation.
private func foldedOrder(_ a: String, _ b: String) -> ComparisonResult {
  var a = a
  var b = b
  let fast: ComparisonResult? = a.withUTF8 { left in
    b.withUTF8 { right in
      guard !left.contains(where: { $0 >= 0x80 }), !right.contains(where: { $0 >= 0x80 }) else {
        return nil
      }
      func lower(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
      }
      for (x, y) in zip(left, right) where lower(x) != lower(y) {
        return lower(x) < lower(y) ? .orderedAscending : .orderedDescending
      }
      if left.count == right.count { return .orderedSame }
      return left.count < right.count ? .orderedAscending : .orderedDescending
    }
  }
  if let fast { return fast }
  return a.compare(b, options: [.caseInsensitive, .diacriticInsensitive])
}
