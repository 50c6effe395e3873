import Models
import Navigator
import ReactiveCore
import ReactiveTesting
import Services
import ServicesTesting
import Testing
import ViewModels

/// The app's flow around the account, as both fronts follow it: what shows after a login, a
/// logout (here or in another program) and the end of a session.
@Suite @MainActor struct AppFlowTests {
  private let ada = Account(email: "ada@example.com", displayName: "Ada")

  /// Runs the session view model over `auth`, the scenes shown given by `scenes`, logout taps at
  /// `taps`, and records its transitions and account names until the clock has run.
  private func record(
    _ clock: TestScheduler, _ auth: FakeAuthenticationService,
    scenes: [Recorded<Event<[Scene]>>] = [], taps: [Recorded<Event<Void>>] = [],
    script: () -> Void = {}
  ) -> (transitions: TestableObserver<AccountTransition>, names: TestableObserver<String?>) {
    let transitions = clock.createObserver(AccountTransition.self)
    let names = clock.createObserver(String?.self)
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: clock) {
      let output = SessionViewModel(auth: auth).transform(
        .init(
          logoutTaps: clock.createHotObservable(taps).asObservable(),
          shownScenes: clock.createHotObservable(scenes).asObservable()))
      clock.scheduleAt(0) {
        output.transitions.emit(to: transitions).disposed(by: bag)
        output.accountName.drive(names).disposed(by: bag)
      }
      script()
      clock.start()
    }
    return (transitions, names)
  }

  @Test func aLoginOnTheLoginScreenOpensTheHome() {
    let clock = TestScheduler.milliseconds()
    let auth = FakeAuthenticationService(scheduler: clock)
    let recorded = record(clock, auth) {
      clock.scheduleAt(300) { auth.status.accept(.authorized(ada)) }
    }
    expectEqual(
      recorded.transitions.events,
      [
        .next(0, AccountTransition(isLoggedIn: false)),
        .next(300, AccountTransition(isLoggedIn: true, route: .replaceRoot(.home))),
      ])
    expectEqual(recorded.names.events, [.next(0, nil), .next(300, "Ada")])
  }

  @Test func aSessionSavedFromAnEarlierRunOpensTheHome() {
    let clock = TestScheduler.milliseconds()
    let auth = FakeAuthenticationService(scheduler: clock)
    auth.status.accept(.authorized(ada))
    let recorded = record(clock, auth)
    expectEqual(
      recorded.transitions.events,
      [
        .next(0, AccountTransition(isLoggedIn: true, route: .replaceRoot(.home)))
      ])
  }

  @Test func aLoginWhileAScreenThatNeedsAnAccountShowsStaysThere() {
    // The login screen's own route already opened the home when the status catches up.
    let clock = TestScheduler.milliseconds()
    let auth = FakeAuthenticationService(scheduler: clock)
    let recorded = record(clock, auth, scenes: [.next(200, [.home])]) {
      clock.scheduleAt(300) { auth.status.accept(.authorized(ada)) }
    }
    expectEqual(
      recorded.transitions.events,
      [
        .next(0, AccountTransition(isLoggedIn: false)),
        .next(300, AccountTransition(isLoggedIn: true)),
      ])
  }

  @Test func loggingOutSaysSoAndGoesBackToTheLoginScreen() {
    let clock = TestScheduler.milliseconds()
    let auth = FakeAuthenticationService(scheduler: clock)
    auth.status.accept(.authorized(ada))
    auth.logOutResponse = { [.completed(50)] }
    let recorded = record(
      clock, auth, scenes: [.next(100, [.home])], taps: [.next(400, ())]
    ) {
      // The status catches up later: the name is gone once logging out finished.
      clock.scheduleAt(600) { auth.status.accept(.unavailable) }
    }
    let back = Route.replaceRoot(.login)
    expectEqual(
      recorded.transitions.events,
      [
        .next(0, AccountTransition(isLoggedIn: true, route: .replaceRoot(.home))),
        .next(450, AccountTransition(isLoggedIn: false, route: back, message: "Logged out.")),
        .next(600, AccountTransition(isLoggedIn: false, route: back)),
      ])
    expectEqual(recorded.names.events, [.next(0, "Ada"), .next(450, nil)])
  }

  @Test func aLogoutInAnotherProgramGoesBackToTheLoginScreenWithoutAMessage() {
    let clock = TestScheduler.milliseconds()
    let auth = FakeAuthenticationService(scheduler: clock)
    auth.status.accept(.authorized(ada))
    let recorded = record(clock, auth, scenes: [.next(100, [.home])]) {
      clock.scheduleAt(700) { auth.status.accept(.unavailable) }
      clock.scheduleAt(800) { auth.status.accept(.unavailable) }
    }
    expectEqual(
      recorded.transitions.events,
      [
        .next(0, AccountTransition(isLoggedIn: true, route: .replaceRoot(.home))),
        .next(700, AccountTransition(isLoggedIn: false, route: .replaceRoot(.login))),
      ])
  }
}
