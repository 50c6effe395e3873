import Models
import Navigator
import ReactiveCore
import ReactiveTesting
import Testing

@Suite @MainActor struct NavigatorTests {
  static let ada = Person(id: 1, name: "Ada")

  @Test func showBackReplaceRootAndPopToRootChangeTheStack() {
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

  @Test func refusedRoutesLeaveTheStackAndAreReported() {
    let navigator = Navigator(root: .friends, isLoggedIn: true)
    let refusals = TestScheduler(initialClock: 0).createObserver(NavigationRefusal.self)
    let subscription = navigator.refusals.emit(to: refusals)
    defer { subscription.dispose() }

    #expect(navigator.navigate(.back) == .failure(.nothingToGoBackTo))
    #expect(navigator.navigate(.showPersonTimeline(nil)) == .failure(.missingPerson))
    #expect(
      navigator.navigate(.showPersonTimeline(Person(id: 9, name: ""))) == .failure(.missingPerson))
    #expect(navigator.navigate(.show(.editFriend(id: 0))) == .failure(.invalidIdentifier(0)))
    #expect(navigator.navigate(.show(.friends)) == .failure(.alreadyShown(.friends)))
    #expect(navigator.currentStack == [.friends])
    #expect(
      refusals.events.compactMap(\.value.element) == [
        .nothingToGoBackTo, .missingPerson, .missingPerson, .invalidIdentifier(0),
        .alreadyShown(.friends),
      ])
    #expect(
      navigator.navigate(.showPersonTimeline(Self.ada))
        == .success([.friends, .personTimeline(Self.ada)]))
  }

  @Test func onlyPublicScenesAreAllowedWhileLoggedOut() {
    let navigator = Navigator(root: .login, isLoggedIn: false)
    #expect(navigator.navigate(.show(.friends)) == .failure(.requiresAccount(.friends)))
    #expect(navigator.navigate(.replaceRoot(.timeline)) == .failure(.requiresAccount(.timeline)))
    #expect(navigator.navigate(.show(.forgotPassword)) == .success([.login, .forgotPassword]))
    navigator.setLoggedIn(true)
    #expect(navigator.navigate(.replaceRoot(.friends)) == .success([.friends]))
  }

  @Test func loggingOutLeavesOnlyTheLoginScene() {
    let navigator = Navigator(root: .friends, isLoggedIn: true)
    navigator.navigate(.show(.people))
    navigator.setLoggedIn(false)
    #expect(navigator.currentStack == [.login])
  }

  @Test func theTopSceneDriverFollowsTheStack() {
    let clock = TestScheduler.milliseconds()
    let tops = clock.createObserver(Scene.self)
    SharingScheduler.mock(scheduler: clock) {
      let navigator = Navigator(root: .friends, isLoggedIn: true)
      let bag = DisposeBag()
      clock.scheduleAt(0) { navigator.top.drive(tops).disposed(by: bag) }
      clock.scheduleAt(100) { navigator.navigate(.show(.search)) }
      clock.scheduleAt(200) { navigator.navigate(.show(.search)) }  // refused: already shown
      clock.scheduleAt(300) { navigator.navigate(.back) }
      clock.start()
    }
    #expect(tops.events == [.next(0, .friends), .next(100, .search), .next(300, .friends)])
  }
}
