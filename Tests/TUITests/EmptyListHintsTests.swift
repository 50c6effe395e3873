import Models
import ReactiveTesting
import Testing

@testable import FriendsTUI

/// An empty list offers only the keys that do something without a row.
@MainActor @Suite struct EmptyListHintsTests {
  @Test func anEmptyFriendsListOffersNoKeysForARow() {
    Harness.run { h in
      h.friends.recordsResponse = { _ in [.next(10, []), .completed(10)] }
      h.startLoggedIn()
      h.advance(by: 10)
      #expect(h.lines.contains { $0.contains("No friends yet. Press a to add one.") })
      expectEqual(h.line(23), " a add  / search  t timeline  ? help  q quit")
    }
  }
}
