import Models
import Navigator
import ReactiveCore
import ReactiveTesting
import Testing
import ViewModels

/// The timeline feature's scenes under the navigator's rules, and its own: a person's timeline
/// needs a person.
@Suite @MainActor struct TimelineNavigationTests {
  static let ada = Person(id: 1, name: "Ada")

  @Test func theFeaturesScenesStackLikeAnyOther() {
    let navigator = Navigator(root: .timeline, isLoggedIn: true)
    #expect(navigator.navigate(.show(.people)) == .success([.timeline, .people]))
    #expect(
      navigator.navigate(.show(.personTimeline(Self.ada)))
        == .success([.timeline, .people, .personTimeline(Self.ada)]))
    #expect(navigator.navigate(.back) == .success([.timeline, .people]))
    #expect(navigator.navigate(.popToRoot) == .success([.timeline]))
    #expect(navigator.navigate(.replaceRoot(.people)) == .success([.people]))
    #expect(navigator.currentScene == .people)
  }

  @Test func aPersonsTimelineNeedsAPerson() {
    let navigator = Navigator(root: .timeline, isLoggedIn: true)
    let refusals = TestScheduler(initialClock: 0).createObserver(NavigationRefusal.self)
    let subscription = navigator.refusals.emit(to: refusals)
    defer { subscription.dispose() }

    #expect(navigator.navigate(.showPersonTimeline(nil)) == .failure(.missingPerson))
    #expect(
      navigator.navigate(.showPersonTimeline(Person(id: 9, name: ""))) == .failure(.missingPerson))
    #expect(
      navigator.navigate(.show(.personTimeline(Person(id: 9, name: ""))))
        == .failure(.missingPerson))
    #expect(navigator.currentStack == [.timeline])
    #expect(
      refusals.events.compactMap(\.value.element) == [
        .missingPerson, .missingPerson, .missingPerson,
      ])
    #expect(
      navigator.navigate(.showPersonTimeline(Self.ada))
        == .success([.timeline, .personTimeline(Self.ada)]))
    #expect(
      navigator.navigate(.showPersonTimeline(Self.ada))
        == .failure(.alreadyShown(.personTimeline(Self.ada))))
    #expect(navigator.currentScene.title == "Ada")
  }

  @Test func theFeaturesScenesNeedAnAccount() {
    let navigator = Navigator(root: .login, isLoggedIn: false)
    #expect(navigator.navigate(.replaceRoot(.timeline)) == .failure(.requiresAccount(.timeline)))
    #expect(
      navigator.navigate(.showPersonTimeline(Self.ada))
        == .failure(.requiresAccount(.personTimeline(Self.ada))))
    #expect(navigator.navigate(.show(.people)) == .failure(.requiresAccount(.people)))
  }
}
