import Navigator
import ReactiveCore
import ReactiveTesting
import Testing

/// The navigator's rules, on the scenes every app made from the template has.
@Suite @MainActor struct NavigatorTests {
  @Test func showBackReplaceRootAndPopToRootChangeTheStack() {
    let navigator = Navigator(root: .home, isLoggedIn: true)
    #expect(navigator.navigate(.show(.forgotPassword)) == .success([.home, .forgotPassword]))
    #expect(navigator.navigate(.show(.login)) == .success([.home, .forgotPassword, .login]))
    #expect(navigator.navigate(.back) == .success([.home, .forgotPassword]))
    navigator.navigate(.show(.login))
    #expect(navigator.navigate(.popToRoot) == .success([.home]))
    #expect(navigator.navigate(.replaceRoot(.login)) == .success([.login]))
    #expect(navigator.currentScene == .login)
  }

  @Test func refusedRoutesLeaveTheStackAndAreReported() {
    let navigator = Navigator(root: .home, isLoggedIn: true)
    let refusals = TestScheduler(initialClock: 0).createObserver(NavigationRefusal.self)
    let subscription = navigator.refusals.emit(to: refusals)
    defer { subscription.dispose() }

    #expect(navigator.navigate(.back) == .failure(.nothingToGoBackTo))
    #expect(navigator.navigate(.show(.home)) == .failure(.alreadyShown(.home)))
    #expect(navigator.currentStack == [.home])
    #expect(
      refusals.events.compactMap(\.value.element) == [.nothingToGoBackTo, .alreadyShown(.home)])
  }

  @Test func onlyPublicScenesAreAllowedWhileLoggedOut() {
    let navigator = Navigator(root: .login, isLoggedIn: false)
    #expect(navigator.navigate(.show(.home)) == .failure(.requiresAccount(.home)))
    #expect(navigator.navigate(.replaceRoot(.home)) == .failure(.requiresAccount(.home)))
    #expect(navigator.navigate(.show(.forgotPassword)) == .success([.login, .forgotPassword]))
    navigator.setLoggedIn(true)
    #expect(navigator.navigate(.replaceRoot(.home)) == .success([.home]))
  }

  @Test func loggingOutLeavesOnlyTheLoginScene() {
    let navigator = Navigator(root: .home, isLoggedIn: true)
    navigator.navigate(.show(.forgotPassword))
    navigator.setLoggedIn(false)
    #expect(navigator.currentStack == [.login])
  }

  @Test func theTopSceneDriverFollowsTheStack() {
    let clock = TestScheduler.milliseconds()
    let tops = clock.createObserver(Scene.self)
    SharingScheduler.mock(scheduler: clock) {
      let navigator = Navigator(root: .home, isLoggedIn: true)
      let bag = DisposeBag()
      clock.scheduleAt(0) { navigator.top.drive(tops).disposed(by: bag) }
      clock.scheduleAt(100) { navigator.navigate(.show(.forgotPassword)) }
      clock.scheduleAt(200) { navigator.navigate(.show(.forgotPassword)) }  // refused: shown
      clock.scheduleAt(300) { navigator.navigate(.back) }
      clock.start()
    }
    #expect(tops.events == [.next(0, .home), .next(100, .forgotPassword), .next(300, .home)])
  }
}
