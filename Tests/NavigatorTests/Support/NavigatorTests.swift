import Navigator
import ReactiveCore
import ReactiveTesting
import Testing

/// The navigator's rules, on the scenes every app made from the template has.
@Suite @MainActor struct NavigatorTests {
  @Test func showBackReplaceRootAndPopToRootChangeTheStack() {
    let navigator = Navigator(root: .home, isLoggedIn: true)
    expectEqual(navigator.navigate(.show(.forgotPassword)), .success([.home, .forgotPassword]))
    expectEqual(navigator.navigate(.show(.login)), .success([.home, .forgotPassword, .login]))
    expectEqual(navigator.navigate(.back), .success([.home, .forgotPassword]))
    navigator.navigate(.show(.login))
    expectEqual(navigator.navigate(.popToRoot), .success([.home]))
    expectEqual(navigator.navigate(.replaceRoot(.login)), .success([.login]))
    expectEqual(navigator.currentScene, .login)
  }

  @Test func refusedRoutesLeaveTheStackAndAreReported() {
    let navigator = Navigator(root: .home, isLoggedIn: true)
    let refusals = TestScheduler(initialClock: 0).createObserver(NavigationRefusal.self)
    let subscription = navigator.refusals.emit(to: refusals)
    defer { subscription.dispose() }

    expectEqual(navigator.navigate(.back), .failure(.nothingToGoBackTo))
    expectEqual(navigator.navigate(.show(.home)), .failure(.alreadyShown(.home)))
    expectEqual(navigator.currentStack, [.home])
    expectEqual(
      refusals.events.compactMap(\.value.element), [.nothingToGoBackTo, .alreadyShown(.home)])
  }

  @Test func onlyPublicScenesAreAllowedWhileLoggedOut() {
    let navigator = Navigator(root: .login, isLoggedIn: false)
    expectEqual(navigator.navigate(.show(.home)), .failure(.requiresAccount(.home)))
    expectEqual(navigator.navigate(.replaceRoot(.home)), .failure(.requiresAccount(.home)))
    expectEqual(navigator.navigate(.show(.forgotPassword)), .success([.login, .forgotPassword]))
    navigator.setLoggedIn(true)
    expectEqual(navigator.navigate(.replaceRoot(.home)), .success([.home]))
  }

  @Test func loggingOutLeavesOnlyTheLoginScene() {
    let navigator = Navigator(root: .home, isLoggedIn: true)
    navigator.navigate(.show(.forgotPassword))
    navigator.setLoggedIn(false)
    expectEqual(navigator.currentStack, [.login])
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
    expectEqual(tops.events, [.next(0, .home), .next(100, .forgotPassword), .next(300, .home)])
  }
}
