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
    expectEqual(navigator.navigate(.show(.people)), .success([.timeline, .people]))
    expectEqual(
      navigator.navigate(.show(.personTimeline(Self.ada))),
      .success([.timeline, .people, .personTimeline(Self.ada)]))
    expectEqual(navigator.navigate(.back), .success([.timeline, .people]))
    expectEqual(navigator.navigate(.popToRoot), .success([.timeline]))
    expectEqual(navigator.navigate(.replaceRoot(.people)), .success([.people]))
    expectEqual(navigator.currentScene, .people)
  }

  @Test func aPersonsTimelineNeedsAPerson() {
    let navigator = Navigator(root: .timeline, isLoggedIn: true)
    let refusals = TestScheduler(initialClock: 0).createObserver(NavigationRefusal.self)
    let subscription = navigator.refusals.emit(to: refusals)
    defer { subscription.dispose() }

    expectEqual(navigator.navigate(.showPersonTimeline(nil)), .failure(.missingPerson))
    expectEqual(
      navigator.navigate(.showPersonTimeline(Person(id: 9, name: ""))), .failure(.missingPerson))
    expectEqual(
      navigator.navigate(.show(.personTimeline(Person(id: 9, name: "")))), .failure(.missingPerson))
    expectEqual(navigator.currentStack, [.timeline])
    expectEqual(
      refusals.events.compactMap(\.value.element),
      [
        .missingPerson, .missingPerson, .missingPerson,
      ])
    expectEqual(
      navigator.navigate(.showPersonTimeline(Self.ada)),
      .success([.timeline, .personTimeline(Self.ada)]))
    expectEqual(
      navigator.navigate(.showPersonTimeline(Self.ada)),
      .failure(.alreadyShown(.personTimeline(Self.ada))))
    expectEqual(navigator.currentScene.title, "Ada")
  }

  @Test func theFeaturesScenesNeedAnAccount() {
    let navigator = Navigator(root: .login, isLoggedIn: false)
    expectEqual(navigator.navigate(.replaceRoot(.timeline)), .failure(.requiresAccount(.timeline)))
    expectEqual(
      navigator.navigate(.showPersonTimeline(Self.ada)),
      .failure(.requiresAccount(.personTimeline(Self.ada))))
    expectEqual(navigator.navigate(.show(.people)), .failure(.requiresAccount(.people)))
  }
}
