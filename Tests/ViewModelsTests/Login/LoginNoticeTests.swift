import Models
import ReactiveCore
import ReactiveTesting
import ServicesTesting
import Testing
import ViewModels

/// A login screen opened because the session expired says so until the user acts.
@Suite @MainActor struct LoginNoticeTests {
  static let expired = "Your session has expired; log in again"

  /// The notice's values when the fields get `email` and `password` and taps come at `taps`.
  private func notices(
    notice: String?, email: [Recorded<Event<String>>], password: [Recorded<Event<String>>],
    taps: [Recorded<Event<Void>>] = []
  ) -> [String] {
    let clock = TestScheduler.milliseconds()
    let auth = FakeAuthenticationService(scheduler: clock)
    let observer = clock.createObserver(String?.self)
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: clock) {
      let output = LoginViewModel(auth: auth, notice: notice).transform(
        .init(
          email: clock.createHotObservable(email).asObservable(),
          password: clock.createHotObservable(password).asObservable(),
          loginTaps: clock.createHotObservable(taps).asObservable()))
      clock.scheduleAt(0) { output.notice.drive(observer).disposed(by: bag) }
      clock.start()
    }
    // The values only: the notice completes once it has gone.
    return observer.events.compactMap { recorded in
      guard case .next(let notice) = recorded.value else { return nil }
      return "\(notice ?? "none")@\(recorded.time)"
    }
  }

  @Test func theNoticeShowsUntilAFieldChanges() {
    let events = notices(
      notice: Self.expired, email: [.next(10, ""), .next(400, "a")], password: [.next(10, "")])
    expectEqual(events, ["\(Self.expired)@0", "none@400"])
  }

  @Test func theNoticeShowsUntilLogInIsTapped() {
    let events = notices(
      notice: Self.expired, email: [.next(10, "")], password: [.next(10, "")],
      taps: [.next(250, ())])
    expectEqual(events, ["\(Self.expired)@0", "none@250"])
  }

  @Test func aPasswordTypedEndsItToo() {
    let events = notices(
      notice: Self.expired, email: [.next(10, "ada@example.com")],
      password: [.next(10, ""), .next(120, "c")])
    expectEqual(events, ["\(Self.expired)@0", "none@120"])
  }

  @Test func withoutANoticeThereIsNone() {
    let events = notices(
      notice: nil, email: [.next(10, ""), .next(100, "a")], password: [.next(10, "")])
    expectEqual(events, ["none@0"])
  }
}
