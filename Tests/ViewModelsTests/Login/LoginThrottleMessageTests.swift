import Models
import ReactiveCore
import ReactiveTesting
import Services
import ServicesTesting
import Testing
import ViewModels

/// What the login screen says when the backend refuses a login for too many attempts.
@Suite @MainActor struct LoginThrottleMessageTests {
  @Test func aRefusedLoginCountsTheWaitDownWithLoginDisabledUntilItEnds() {
    let clock = TestScheduler.milliseconds()
    let auth = FakeAuthenticationService(scheduler: clock)
    auth.logInResponse = { _, _ in [.error(300, ServiceError.tooManyAttempts(retryAfter: 30))] }
    let errors = clock.createObserver(String.self)
    let users = clock.createObserver(String.self)
    let enabled = clock.createObserver(Bool.self)
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: clock) {
      let output = LoginViewModel(auth: auth).transform(
        .init(
          email: clock.createHotObservable([.next(100, "ada@example.com")]).asObservable(),
          password: clock.createHotObservable([.next(100, "correct horse")]).asObservable(),
          loginTaps: clock.createHotObservable([.next(200, ())]).asObservable()))
      clock.scheduleAt(0) {
        output.errorMessage.emit(to: errors).disposed(by: bag)
        output.loggedInUser.emit(to: users).disposed(by: bag)
        output.isLoginEnabled.drive(enabled).disposed(by: bag)
      }
      clock.start()
    }
    expectEqual(errors.events.count, 31)
    #expect(
      Array(errors.events.prefix(3)) == [
        .next(500, "Login failed: too many attempts; try again in 30 s"),
        .next(1_500, "Login failed: too many attempts; try again in 29 s"),
        .next(2_500, "Login failed: too many attempts; try again in 28 s"),
      ])
    #expect(
      Array(errors.events.suffix(2)) == [
        .next(29_500, "Login failed: too many attempts; try again in 1 s"),
        .next(30_500, "Login failed: too many attempts; you can try again now"),
      ])
    #expect(users.events.isEmpty)
    expectEqual(
      enabled.events,
      [
        .next(100, true), .next(200, false), .next(30_500, true),
      ])
  }
}
