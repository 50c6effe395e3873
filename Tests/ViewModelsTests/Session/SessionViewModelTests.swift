import Models
import Navigator
import ReactiveCore
import ReactiveTesting
import Services
import ServicesTesting
import Testing
import ViewModels

/// The session view model: a session the server ended, and reading the status once.
@Suite @MainActor struct SessionViewModelTests {
  private let ada = Account(email: "ada@example.com", displayName: "Ada")

  @Test func aSessionTheServerEndedSaysSoAndGoesToTheLoginScreen() {
    let clock = TestScheduler.milliseconds()
    let auth = FakeAuthenticationService(scheduler: clock)
    auth.status.accept(.authorized(ada))
    let expired = clock.createObserver(String.self)
    let transitions = clock.createObserver(AccountTransition.self)
    let errors = clock.createObserver(String.self)
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: clock) {
      let output = SessionViewModel(auth: auth).transform(.init())
      clock.scheduleAt(0) {
        output.sessionExpired.emit(to: expired).disposed(by: bag)
        output.transitions.emit(to: transitions).disposed(by: bag)
        output.errorMessage.emit(to: errors).disposed(by: bag)
      }
      clock.scheduleAt(300) { auth.expirations.accept(()) }
      clock.scheduleAt(900) { auth.expirations.accept(()) }
      clock.start()
    }
    expectEqual(
      expired.events,
      [
        .next(300, "Your session has expired; log in again"),
        .next(900, "Your session has expired; log in again"),
      ])
    let wentBack = AccountTransition(
      isLoggedIn: false,
      route: .replaceRoot(
        .login(email: "ada@example.com", notice: "Your session has expired; log in again")),
      message: "Your session has expired; log in again", resumesAfterLogin: true)
    expectEqual(
      transitions.events,
      [
        .next(0, AccountTransition(isLoggedIn: true, route: .replaceRoot(.home))),
        .next(300, wentBack), .next(900, wentBack),
      ])
    #expect(errors.events.isEmpty)
  }

  @Test func theLogoutThatFollowsAnExpiredSessionKeepsItsLoginScreen() {
    let clock = TestScheduler.milliseconds()
    let auth = FakeAuthenticationService(scheduler: clock)
    auth.status.accept(.authorized(ada))
    let transitions = clock.createObserver(AccountTransition.self)
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: clock) {
      let output = SessionViewModel(auth: auth).transform(.init())
      clock.scheduleAt(0) { output.transitions.emit(to: transitions).disposed(by: bag) }
      clock.scheduleAt(300) {
        auth.expirations.accept(())
        auth.status.accept(.unavailable)
      }
      clock.scheduleAt(500) { auth.status.accept(.authorized(ada)) }
      clock.scheduleAt(700) { auth.status.accept(.unavailable) }
      clock.start()
    }
    let notice = "Your session has expired; log in again"
    expectEqual(
      transitions.events,
      [
        .next(0, AccountTransition(isLoggedIn: true, route: .replaceRoot(.home))),
        .next(
          300,
          AccountTransition(
            isLoggedIn: false,
            route: .replaceRoot(.login(email: "ada@example.com", notice: notice)),
            message: notice, resumesAfterLogin: true)),
        // The login screen that says why stays: the status's logout goes nowhere else.
        .next(300, AccountTransition(isLoggedIn: false)),
        .next(500, AccountTransition(isLoggedIn: true, route: .replaceRoot(.home))),
        // A later logout, with no session's end before it, goes to the login screen.
        .next(700, AccountTransition(isLoggedIn: false, route: .replaceRoot(.login))),
      ])
  }

  @Test func aReadAnswersWithTheStatusOrSaysWhyItFailed() {
    let clock = TestScheduler.milliseconds()
    let auth = FakeAuthenticationService(scheduler: clock)
    let answers = Answers<[Recorded<Event<AccountStatus>>]>([
      [.next(50, .authorized(ada)), .completed(50)],
      [.error(20, ServiceError.unreachable("nothing accepted the connection at 127.0.0.1:1"))],
      [.error(10_000, ServiceError.timedOut)],
    ])
    auth.currentStatusResponse = { answers.next() }
    let statuses = clock.createObserver(AccountStatus.self)
    let failures = clock.createObserver(String.self)
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: clock) {
      let output = SessionViewModel(auth: auth).transform(
        .init(
          statusReads: clock.createHotObservable([
            .next(100, ()), .next(200, ()), .next(300, ()),
          ]).asObservable()))
      clock.scheduleAt(0) {
        output.readStatus.emit(to: statuses).disposed(by: bag)
        output.readError.emit(to: failures).disposed(by: bag)
      }
      clock.start()
    }
    expectEqual(statuses.events, [.next(150, .authorized(ada))])
    expectEqual(
      failures.events,
      [
        .next(
          220,
          "Could not read the account status: the server could not be reached: "
            + "nothing accepted the connection at 127.0.0.1:1"),
        .next(10_300, "Could not read the account status: the server did not answer in time"),
      ])
  }

  @Test func aFailedReadNamesTheActionAndKeepsTheServersSentence() {
    let clock = TestScheduler.milliseconds()
    let auth = FakeAuthenticationService(scheduler: clock)
    auth.currentStatusResponse = {
      [.error(20, ServiceError.http(status: 503, message: "the data is away; try again shortly"))]
    }
    let failures = clock.createObserver(String.self)
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: clock) {
      let output = SessionViewModel(auth: auth).transform(
        .init(
          statusReads: clock.createHotObservable([.next(100, ())]).asObservable(),
          statusReadAction: "add the friend"))
      clock.scheduleAt(0) { output.readError.emit(to: failures).disposed(by: bag) }
      clock.start()
    }
    #expect(
      failures.events == [
        .next(
          120, "Could not add the friend: the data is away; try again shortly (HTTP status 503)")
      ])
  }

  @Test func aReadOfAnExpiredSessionIsSaidOnceAsAnExpiry() {
    let clock = TestScheduler.milliseconds()
    let auth = FakeAuthenticationService(scheduler: clock)
    // The backend both fails the read and reports the expiry, as the remote one does.
    auth.currentStatusResponse = { [.error(40, ServiceError.sessionExpired)] }
    let failures = clock.createObserver(String.self)
    let expired = clock.createObserver(String.self)
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: clock) {
      let output = SessionViewModel(auth: auth).transform(
        .init(statusReads: clock.createHotObservable([.next(100, ())]).asObservable()))
      clock.scheduleAt(0) {
        output.readError.emit(to: failures).disposed(by: bag)
        output.sessionExpired.emit(to: expired).disposed(by: bag)
      }
      clock.scheduleAt(140) { auth.expirations.accept(()) }
      clock.start()
    }
    #expect(failures.events.isEmpty)
    expectEqual(expired.events, [.next(140, "Your session has expired; log in again")])
  }

  @Test func theExpiredSessionsMessageIsTheServiceErrorsOwn() {
    expectEqual(SessionViewModel.sessionExpiredMessage, ServiceError.sessionExpired.description)
    expectEqual(ServiceError.sessionExpired.description, "Your session has expired; log in again")
  }
}

/// The session view model while the data cannot be read.
@Suite @MainActor struct SessionDataProblemTests {
  private let ada = Account(email: "ada@example.com", displayName: "Ada")

  @Test func aDataProblemIsSaidWhileItLastsAndLogsNobodyOut() {
    let clock = TestScheduler.milliseconds()
    let auth = FakeAuthenticationService(scheduler: clock)
    auth.status.accept(.authorized(ada))
    let damaged =
      "The data file /data/store.json is damaged (not valid JSON). It was left untouched."
    let deleted = "The data file /data/store.json was deleted."
    let problems = clock.createObserver(String?.self)
    let transitions = clock.createObserver(AccountTransition.self)
    let names = clock.createObserver(String?.self)
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: clock) {
      let output = SessionViewModel(auth: auth).transform(.init())
      clock.scheduleAt(0) {
        output.dataProblem.drive(problems).disposed(by: bag)
        output.transitions.emit(to: transitions).disposed(by: bag)
        output.accountName.drive(names).disposed(by: bag)
      }
      clock.scheduleAt(1_000) { auth.data.accept(.unreadable(message: damaged)) }
      clock.scheduleAt(1_500) { auth.data.accept(.unreadable(message: damaged)) }
      clock.scheduleAt(2_000) { auth.data.accept(.deleted(message: deleted)) }
      clock.scheduleAt(3_000) { auth.data.accept(.available) }
      clock.start()
    }
    expectEqual(
      problems.events,
      [
        .next(0, nil), .next(1_000, damaged + " Nothing is saved until it can be read again."),
        .next(2_000, deleted), .next(3_000, nil),
      ])
    expectEqual(
      transitions.events,
      [
        .next(0, AccountTransition(isLoggedIn: true, route: .replaceRoot(.home)))
      ])
    expectEqual(names.events, [.next(0, "Ada")])
  }
}
