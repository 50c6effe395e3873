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
    expectEqual(
      timeline(confirmations.events),
      [
        "We sent a reset link to ada@example.com.@1000",
        "We sent a reset link to ada@example.com.@3000",
      ])
    expectEqual(
      timeline(sending.events), ["false@0", "true@800", "false@1000", "true@2800", "false@3000"])
    expectEqual(auth.resetEmails, ["ada@example.com", "ada@example.com"])
    expectEqual(
      auth.resetRequests,
      [
        .init(email: "ada@example.com", started: 800, ended: 1_000),
        .init(email: "ada@example.com", started: 2_800, ended: 3_000),
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
    expectEqual(errors.events, [.next(600, Validation.email("ada").message!)])
    #expect(auth.resetEmails.isEmpty)
  }

  @Test func aFailureIsReportedAndTheScreenKeepsWorking() {
    let clock = TestScheduler.milliseconds()
    let auth = FakeAuthenticationService(scheduler: clock)
    let answers = Answers<[Recorded<Event<Never>>]>([
      [.error(100, ResetError.mailServerDown)], [.completed(100)],
    ])
    auth.resetResponse = { _ in answers.next() }
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
    expectEqual(timeline(errors.events), ["Could not send the reset link: mailServerDown@700"])
    expectEqual(timeline(confirmations.events), ["We sent a reset link to ada@example.com.@1600"])
  }

  // MARK: - The async service, to the millisecond

  /// What the screen showed and what the service saw, as timelines.
  struct Story {
    var sending: [String]
    var confirmations: [String]
    var errors: [String]
    var requests: [FakeAuthenticationService.ResetRequest]
    var pendingAtTheEnd: Int
  }

  /// Runs the screen over the fake's async `requestPasswordReset`, which sleeps 600 ms on the
  /// scheduler's `asyncClock` before it answers, with the taps given; the screen's outputs
  /// are disposed at `disposed`.
  func story(taps: [TestTime], disposed: TestTime = 5_000) -> Story {
    let clock = TestScheduler.milliseconds()
    let auth = FakeAuthenticationService(scheduler: clock)
    auth.resetResponse = { _ in [.completed(600)] }
    let sending = clock.createObserver(Bool.self)
    let confirmations = clock.createObserver(String.self)
    let errors = clock.createObserver(String.self)
    let screen = CompositeDisposable()

    SharingScheduler.mock(scheduler: clock) {
      let email = clock.createHotObservable([.next(50, "ada@example.com")])
      let taps = clock.createHotObservable(taps.map { Recorded.next($0, ()) })
      let output = ForgotPasswordViewModel(auth: auth, scheduler: clock).transform(
        .init(email: email.asObservable(), resetTaps: taps.asObservable()))
      clock.scheduleAt(0) {
        _ = screen.insert(output.isSending.drive(sending))
        _ = screen.insert(output.confirmation.emit(to: confirmations))
        _ = screen.insert(output.errorMessage.emit(to: errors))
      }
      clock.scheduleAt(disposed) { screen.dispose() }
      clock.start()
    }
    return Story(
      sending: timeline(sending.events), confirmations: timeline(confirmations.events),
      errors: timeline(errors.events), requests: auth.resetRequests,
      pendingAtTheEnd: clock.pendingCount)
  }

  @Test func anAsyncResetIsExactToTheMillisecondAndTapsWhileItRunsAreIgnored() {
    // A burst of taps ending at 300 sends at 800; the tap at 850 ends its own burst at 1,350,
    // while the request runs; the tap at 2,000 sends again at 2,500.
    let story = story(taps: [100, 200, 300, 850, 2_000])
    expectEqual(
      story.sending, ["false@0", "true@800", "false@1400", "true@2500", "false@3100"])
    expectEqual(
      story.confirmations,
      [
        "We sent a reset link to ada@example.com.@1400",
        "We sent a reset link to ada@example.com.@3100",
      ])
    #expect(story.errors.isEmpty)
    // Two requests reached the service, each answered after 600 ms: the tap at 850 neither
    // cancelled the first nor sent another.
    expectEqual(
      story.requests,
      [
        .init(email: "ada@example.com", started: 800, ended: 1_400),
        .init(email: "ada@example.com", started: 2_500, ended: 3_100),
      ])
  }

  @Test func closingTheScreenCancelsTheRunningReset() {
    let story = story(taps: [100], disposed: 900)
    expectEqual(story.sending, ["false@0", "true@600"])
    #expect(story.confirmations.isEmpty)
    // The service's sleep was cancelled when the screen went away, at 900, not at 1,200.
    expectEqual(
      story.requests,
      [
        .init(email: "ada@example.com", started: 600, ended: 900, cancelled: true)
      ])
    expectEqual(story.pendingAtTheEnd, 0)
  }
}
