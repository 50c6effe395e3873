import Models
import ReactiveCore
import ReactiveTesting
import Services
import ServicesTesting
import Testing
import ViewModels

/// What the login screen says when the backend refuses a login for too many attempts.
@Suite @MainActor struct LoginThrottleMessageTests {
  @Test func aRefusedLoginSaysHowLongToWait() {
    let clock = TestScheduler.milliseconds()
    let auth = FakeAuthenticationService(scheduler: clock)
    auth.logInResponse = { _, _ in [.error(300, ServiceError.tooManyAttempts(retryAfter: 30))] }
    let errors = clock.createObserver(String.self)
    let users = clock.createObserver(String.self)
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
      }
      clock.start()
    }
    #expect(errors.events == [.next(500, "Login failed: Too many attempts: try again in 30 s")])
    #expect(users.events.isEmpty)
  }
}
