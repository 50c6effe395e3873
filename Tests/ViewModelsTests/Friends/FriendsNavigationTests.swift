import Models
import Navigator
import ReactiveCore
import ReactiveTesting
import Testing
import ViewModels

/// The friends feature's scenes under the navigator's rules, and its own: a friend's id must
/// be positive.
@Suite @MainActor struct FriendsNavigationTests {
  @Test func theFeaturesScenesStackLikeAnyOther() {
    let navigator = Navigator(root: .friends, isLoggedIn: true)
    expectEqual(navigator.navigate(.show(.addFriend)), .success([.friends, .addFriend]))
    expectEqual(
      navigator.navigate(.show(.friendDetail(id: 3))),
      .success([.friends, .addFriend, .friendDetail(id: 3)]))
    expectEqual(
      navigator.navigate(.show(.friendDetail(id: 3))), .failure(.alreadyShown(.friendDetail(id: 3)))
    )
    expectEqual(navigator.navigate(.back), .success([.friends, .addFriend]))
    navigator.navigate(.show(.editFriend(id: 2)))
    expectEqual(navigator.navigate(.popToRoot), .success([.friends]))
    expectEqual(
      navigator.navigate(.replaceRoot(.friendDetail(id: 1))), .success([.friendDetail(id: 1)]))
    expectEqual(navigator.currentScene, .friendDetail(id: 1))
    expectEqual(navigator.currentScene.as(FriendsScene.self), .detail(id: 1))
  }

  @Test func aFriendNeedsAPositiveId() {
    let navigator = Navigator(root: .friends, isLoggedIn: true)
    let refusals = TestScheduler(initialClock: 0).createObserver(NavigationRefusal.self)
    let subscription = navigator.refusals.emit(to: refusals)
    defer { subscription.dispose() }

    expectEqual(navigator.navigate(.show(.editFriend(id: 0))), .failure(.invalidIdentifier(0)))
    expectEqual(navigator.navigate(.show(.friendDetail(id: -1))), .failure(.invalidIdentifier(-1)))
    expectEqual(
      navigator.navigate(.replaceRoot(.friendDetail(id: 0))), .failure(.invalidIdentifier(0)))
    expectEqual(navigator.currentStack, [.friends])
    expectEqual(
      refusals.events.compactMap(\.value.element),
      [
        .invalidIdentifier(0), .invalidIdentifier(-1), .invalidIdentifier(0),
      ])
    expectEqual(NavigationRefusal.invalidIdentifier(0).description, "No friend has the id 0.")
  }

  @Test func theFeaturesScenesNeedAnAccountAndHaveTitles() {
    let navigator = Navigator(root: .login, isLoggedIn: false)
    expectEqual(navigator.navigate(.show(.friends)), .failure(.requiresAccount(.friends)))
    expectEqual(
      navigator.navigate(.replaceRoot(.addFriend)), .failure(.requiresAccount(.addFriend)))
    expectEqual(
      [Scene.friends, .friendDetail(id: 1), .addFriend, .editFriend(id: 1)].map(\.title),
      [
        "Friends", "Friend", "Add friend", "Edit friend",
      ])
  }
}
