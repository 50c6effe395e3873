import ReactiveCore
import TerminalUI
import Testing

@testable import FriendsTUI

/// Paging back from a list of posts when the backend answers at once, as the embedded store
/// does: the older posts arrive while the request for them is being sent.
@MainActor @Suite struct OlderPostsTests {
  /// A screen's part that `OlderPosts` works on: its list, which new posts replace.
  final class Owner {
    var list = ListView(items: ["Post 4", "Post 3"], isFocused: true)
    var older = OlderPosts()
  }

  @Test func olderPostsThatArriveDuringTheRequestReachTheListAndTheSelectionStays() {
    let owner = Owner()
    var requests = 0
    let subscription = owner.older.requests.subscribe(onNext: {
      requests += 1
      // What the screen's `show` does when the page arrives at once.
      owner.list.items = ["Post 4", "Post 3", "Post 2", "Post 1"]
      owner.older.isLoading = false
    })
    defer { subscription.dispose() }
    #expect(owner.older.handle(.end, list: \.list, of: owner, visibleRows: 10))
    #expect(requests == 1)
    #expect(owner.list.items == ["Post 4", "Post 3", "Post 2", "Post 1"])
    #expect(owner.list.selectedIndex == 1)
    #expect(owner.older.handle(.character("G"), list: \.list, of: owner, visibleRows: 10))
    #expect(requests == 2)
    #expect(owner.list.selectedIndex == 3)
    #expect(!owner.older.handle(.character("x"), list: \.list, of: owner, visibleRows: 10))
    #expect(requests == 2)
  }
}
