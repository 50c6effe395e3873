import Models
import ReactiveTesting
import Services
import Testing

@testable import FriendsTUI

/// A server that stops answering while a list is shown: a banner says so at once, without a
/// key press, above the old rows, and goes when the server answers again.
@MainActor @Suite struct UnreachableServerScreenTests {
  nonisolated static let unreachable =
    "No answer from the server http://127.0.0.1:8080: it cannot be reached (nothing accepted "
    + "the connection at 127.0.0.1:8080). What is shown may be out of date; it updates once "
    + "the server answers."

  @Test func theFriendsListSaysItsRowsMayBeOldWhileTheServerDoesNotAnswer() {
    Harness.run { h in
      h.friends.recordsResponse = { _ in
        [.next(10, [Fixtures.ada, Fixtures.grace]), .completed(10)]
      }
      h.startLoggedIn()
      h.advance(by: 10)
      expectEqual(h.line(4), " › Ada Lovelace                  555 0101")
      h.advance(by: 2_000)
      h.auth.data.accept(.unreachable(message: Self.unreachable))
      h.settle()
      expectEqual(
        h.line(1), " No answer from the server http://127.0.0.1:8080: it cannot be reached (nothing"
      )
      expectEqual(
        h.line(2), " accepted the connection at 127.0.0.1:8080). What is shown may be out of date;")
      expectEqual(h.line(3), " it updates once the server answers.")
      // The old rows stay, under the banner.
      expectEqual(h.line(7), " › Ada Lovelace                  555 0101")
      expectEqual(h.app.navigator.currentStack, [.home, .friends])
      h.advance(by: 2_000)
      h.auth.data.accept(.available)
      h.settle()
      #expect(h.app.dataProblem == nil)
      expectEqual(h.line(4), " › Ada Lovelace                  555 0101")
    }
  }
}
