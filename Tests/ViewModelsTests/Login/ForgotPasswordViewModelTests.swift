import Models
import ReactiveCore
import ReactiveTesting
import ServicesTesting
import Testing
import ViewModels

@Suite @MainActor struct ForgotPasswordViewModelTests {
  enum ResetError: Error { case mailServerDown }

  @Test func threeQuickTapsSendOneRequestAndALaterTapAnother() {
    let clock = TestScheduler.milliseconds()
    let auth = FakeAuthenticationService(scheduler: clock)
    auth.resetResponse = { _ in [.completed(200)] }  // each request takes 200 ms
    let confirmations = clock.createObserver(String.self)
    let sending = clock.createObserver(Bool.self)
    let bag = DisposeBag()

    SharingScheduler.mock(scheduler: clock) {
      let email = clock.createHotObservable([.next(50, "ada@example.com")])
      // Three taps within 200 ms, then one more two seconds later.
      let taps = clock.createHotObservable([
        .next(100, ()), .next(200, ()), .next(300, ()), .next(2_300, ()),
      ])
      let output = ForgotPasswordViewModel(auth: auth, scheduler: clock).transform(
        .init(email: email.asObservable(), resetTaps: taps.asObservable()))
      clock.scheduleAt(0) {
        output.confirmation.emit(to: confirmations).disposed(by: bag)
        output.isSending.drive(sending).disposed(by: bag)
      }
      clock.start()
    }

    // The burst ends at 300: debounced to 800, answered at 1000. The lone tap at 2300: 2800, 3000.
    #expect(
      timeline(confirmations.events) == [
        "We sent a reset link to ada@example.com.@1000",
        "We sent a reset link to ada@example.com.@3000",
      ])
    #expect(
      timeline(sending.events) == ["false@0", "true@800", "false@1000", "true@2800", "false@3000"])
    #expect(auth.resetEmails == ["ada@example.com", "ada@example.com"])
    #expect(
      auth.resetRequests.map(\.subscriptions) == [
        [Subscription(800, 1_000)], [Subscription(2_800, 3_000)],
      ])
  }

  @Test func anInvalidEmailShowsItsMessageAndSendsNothing() {
    let clock = TestScheduler.milliseconds()
    let auth = FakeAuthenticationService(scheduler: clock)
    let errors = clock.createObserver(String.self)
    SharingScheduler.mock(scheduler: clock) {
      let taps = clock.createHotObservable([.next(100, ())])
      let output = ForgotPasswordViewModel(auth: auth, scheduler: clock).transform(
        .init(email: .just("ada"), resetTaps: taps.asObservable()))
      let bag = DisposeBag()
      clock.scheduleAt(0) {
        output.errorMessage.emit(to: errors).disposed(by: bag)
        output.confirmation.emit().disposed(by: bag)
      }
      clock.start()
    }
    #expect(errors.events == [.next(600, Validation.email("ada").message!)])
    #expect(auth.resetEmails.isEmpty)
  }

  @Test func aFailureIsReportedAndTheScreenKeepsWorking() {
    let clock = TestScheduler.milliseconds()
    let auth = FakeAuthenticationService(scheduler: clock)
    var attempt = 0
    auth.resetResponse = { _ in
      attempt += 1
      return attempt == 1 ? [.error(100, ResetError.mailServerDown)] : [.completed(100)]
    }
    let errors = clock.createObserver(String.self)
    let confirmations = clock.createObserver(String.self)
    SharingScheduler.mock(scheduler: clock) {
      let taps = clock.createHotObservable([.next(100, ()), .next(1_000, ())])
      let output = ForgotPasswordViewModel(auth: auth, scheduler: clock).transform(
        .init(email: .just("ada@example.com"), resetTaps: taps.asObservable()))
      let bag = DisposeBag()
      clock.scheduleAt(0) {
        output.errorMessage.emit(to: errors).disposed(by: bag)
        output.confirmation.emit(to: confirmations).disposed(by: bag)
      }
      clock.start()
    }
    #expect(timeline(errors.events) == ["Could not send the reset link: mailServerDown@700"])
    #expect(timeline(confirmations.events) == ["We sent a reset link to ada@example.com.@1600"])
  }
}
