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
    #expect(navigator.navigate(.show(.addFriend)) == .success([.friends, .addFriend]))
    #expect(
      navigator.navigate(.show(.friendDetail(id: 3)))
        == .success([.friends, .addFriend, .friendDetail(id: 3)]))
    #expect(
      navigator.navigate(.show(.friendDetail(id: 3)))
        == .failure(.alreadyShown(.friendDetail(id: 3))))
    #expect(navigator.navigate(.back) == .success([.friends, .addFriend]))
    navigator.navigate(.show(.editFriend(id: 2)))
    #expect(navigator.navigate(.popToRoot) == .success([.friends]))
    #expect(
      navigator.navigate(.replaceRoot(.friendDetail(id: 1))) == .success([.friendDetail(id: 1)]))
    #expect(navigator.currentScene == .friendDetail(id: 1))
    #expect(navigator.currentScene.as(FriendsScene.self) == .detail(id: 1))
  }

  @Test func aFriendNeedsAPositiveId() {
    let navigator = Navigator(root: .friends, isLoggedIn: true)
    let refusals = TestScheduler(initialClock: 0).createObserver(NavigationRefusal.self)
    let subscription = navigator.refusals.emit(to: refusals)
    defer { subscription.dispose() }

    #expect(navigator.navigate(.show(.editFriend(id: 0))) == .failure(.invalidIdentifier(0)))
    #expect(navigator.navigate(.show(.friendDetail(id: -1))) == .failure(.invalidIdentifier(-1)))
    #expect(
      navigator.navigate(.replaceRoot(.friendDetail(id: 0))) == .failure(.invalidIdentifier(0)))
    #expect(navigator.currentStack == [.friends])
    #expect(
      refusals.events.compactMap(\.value.element) == [
        .invalidIdentifier(0), .invalidIdentifier(-1), .invalidIdentifier(0),
      ])
    #expect(NavigationRefusal.invalidIdentifier(0).description == "No friend has the id 0.")
  }

  @Test func theFeaturesScenesNeedAnAccountAndHaveTitles() {
    let navigator = Navigator(root: .login, isLoggedIn: false)
    #expect(navigator.navigate(.show(.friends)) == .failure(.requiresAccount(.friends)))
    #expect(navigator.navigate(.replaceRoot(.addFriend)) == .failure(.requiresAccount(.addFriend)))
    #expect(
      [Scene.friends, .friendDetail(id: 1), .addFriend, .editFriend(id: 1)].map(\.title) == [
        "Friends", "Friend", "Add friend", "Edit friend",
      ])
  }
}
