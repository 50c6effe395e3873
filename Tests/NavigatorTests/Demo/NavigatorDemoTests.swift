import Models
import Navigator
import ReactiveCore
import ReactiveTesting
import Testing

/// The demo's rules: a record's id must be positive, a person's timeline needs a person.
@Suite @MainActor struct NavigatorDemoTests {
  static let ada = Person(id: 1, name: "Ada")

  @Test func theDemosScenesStackLikeAnyOther() {
    let navigator = Navigator(root: .friends, isLoggedIn: true)
    #expect(navigator.navigate(.show(.search)) == .success([.friends, .search]))
    #expect(
      navigator.navigate(.show(.friendDetail(id: 3)))
        == .success([.friends, .search, .friendDetail(id: 3)]))
    #expect(navigator.navigate(.back) == .success([.friends, .search]))
    navigator.navigate(.show(.people))
    #expect(navigator.navigate(.popToRoot) == .success([.friends]))
    #expect(navigator.navigate(.replaceRoot(.timeline)) == .success([.timeline]))
    #expect(navigator.currentScene == .timeline)
  }

  @Test func aRecordNeedsAPositiveIdAndATimelineAPerson() {
    let navigator = Navigator(root: .friends, isLoggedIn: true)
    let refusals = TestScheduler(initialClock: 0).createObserver(NavigationRefusal.self)
    let subscription = navigator.refusals.emit(to: refusals)
    defer { subscription.dispose() }

    #expect(navigator.navigate(.showPersonTimeline(nil)) == .failure(.missingPerson))
    #expect(
      navigator.navigate(.showPersonTimeline(Person(id: 9, name: ""))) == .failure(.missingPerson))
    #expect(navigator.navigate(.show(.editFriend(id: 0))) == .failure(.invalidIdentifier(0)))
    #expect(navigator.navigate(.show(.friendDetail(id: -1))) == .failure(.invalidIdentifier(-1)))
    #expect(navigator.currentStack == [.friends])
    #expect(
      refusals.events.compactMap(\.value.element) == [
        .missingPerson, .missingPerson, .invalidIdentifier(0), .invalidIdentifier(-1),
      ])
    #expect(
      navigator.navigate(.showPersonTimeline(Self.ada))
        == .success([.friends, .personTimeline(Self.ada)]))
  }

  @Test func theDemosScenesNeedAnAccount() {
    let navigator = Navigator(root: .login, isLoggedIn: false)
    #expect(navigator.navigate(.show(.friends)) == .failure(.requiresAccount(.friends)))
    #expect(navigator.navigate(.replaceRoot(.timeline)) == .failure(.requiresAccount(.timeline)))
  }
}
