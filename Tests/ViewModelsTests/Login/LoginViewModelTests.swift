import Models
import Navigator
import ReactiveCore
import ReactiveTesting
import Services
import ServicesTesting
import Testing
import ViewModels

/// The login screen, on a virtual clock where one tick is a millisecond.
@Suite @MainActor struct LoginViewModelTests {
  enum LoginError: Error { case wrongPassword }

  nonisolated static let ada = Account(email: "ada@example.com", displayName: "Ada")

  /// A fake whose requests take 300 ms: "correct horse" succeeds, anything else fails.
  static func auth(_ clock: TestScheduler) -> FakeAuthenticationService {
    let auth = FakeAuthenticationService(scheduler: clock)
    auth.logInResponse = { _, password in
      password == "correct horse"
        ? [.next(300, ada), .completed(300)]
        : [.error(300, LoginError.wrongPassword)]
    }
    return auth
  }

  @Test func theWholeStoryOfTheScreenIsExactToTheMillisecond() {
    let clock = TestScheduler.milliseconds()
    let auth = Self.auth(clock)
    let enabled = clock.createObserver(Bool.self)
    let loading = clock.createObserver(Bool.self)
    let errors = clock.createObserver(String.self)
    let users = clock.createObserver(String.self)
    let routes = clock.createObserver(Route.self)
    let bag = DisposeBag()
    // One character is 50 ms. The user types an email, a short password, a long wrong one;
    // taps twice; types the right password after the failure and taps twice again.
    let story = MarbleDiagram(
      """
      ms        0    250  500  750  1000 1250
      email     --e
      password  ---sw-----------c
      taps      ------tt----------t-t
      enabled   ---ft-f-----t-----f-----t
      loading   f-----t-----f-----t-----f
      error     ------------e
      user      ------------------------u
      """)
    let frame: TestTime = 50
    let flags: [Character: Bool] = ["f": false, "t": true]

    SharingScheduler.mock(scheduler: clock) {
      let output = LoginViewModel(auth: auth).transform(
        .init(
          email: clock.createHotObservable(
            story["email"], values: ["e": "ada@example.com"], frame: frame
          ).asObservable(),
          password: clock.createHotObservable(
            story["password"], values: ["s": "short", "w": "wrong password", "c": "correct horse"],
            frame: frame
          ).asObservable(),
          loginTaps: clock.createHotObservable(story["taps"], values: ["t": ()], frame: frame)
            .asObservable()))
      clock.scheduleAt(0) {
        output.isLoginEnabled.drive(enabled).disposed(by: bag)
        output.isLoading.drive(loading).disposed(by: bag)
        output.errorMessage.emit(to: errors).disposed(by: bag)
        output.loggedInUser.emit(to: users).disposed(by: bag)
        output.route.emit(to: routes).disposed(by: bag)
      }
      clock.start()
    }

    expectEvents(enabled, story["enabled"], values: flags, frame: frame)
    expectEvents(loading, story["loading"], values: flags, frame: frame)
    expectEvents(
      errors, story["error"], values: ["e": "Login failed: wrongPassword"], frame: frame)
    expectEvents(users, story["user"], values: ["u": "Ada"], frame: frame)
    expectEvents(routes, story["user"], values: ["u": .replaceRoot(.home)], frame: frame)
    // Two of the four taps reached the service; the ones during a request were ignored.
    expectEqual(auth.passwordsTried, ["wrong password", "correct horse"])
    expectEqual(
      auth.logInRequests.map(\.subscriptions),
      [
        [Subscription(300, 600)], [Subscription(900, 1_200)],
      ])
  }

  @Test func theHintNamesTheFirstProblemWithTheFields() {
    let clock = TestScheduler.milliseconds()
    let hints = clock.createObserver(String?.self)
    SharingScheduler.mock(scheduler: clock) {
      let email = clock.createHotObservable([.next(100, "ada"), .next(300, "ada@example.com")])
      let password = clock.createHotObservable([.next(200, "short"), .next(400, "long enough")])
      let output = LoginViewModel(auth: Self.auth(clock)).transform(
        .init(email: email.asObservable(), password: password.asObservable(), loginTaps: .never()))
      let bag = DisposeBag()
      clock.scheduleAt(0) { output.hint.drive(hints).disposed(by: bag) }
      clock.start()
    }
    expectEqual(
      hints.events,
      [
        .next(200, Validation.email("ada").message),
        .next(300, Validation.password("short").message),
        .next(400, nil),
      ])
  }

  @Test func aTapWithInvalidFieldsSendsNothingAndSaysWhy() {
    let clock = TestScheduler.milliseconds()
    let auth = Self.auth(clock)
    let users = clock.createObserver(String.self)
    let refusals = clock.createObserver(String.self)
    SharingScheduler.mock(scheduler: clock) {
      let email = clock.createHotObservable([
        .next(100, "no at sign"), .next(400, "ada@example.com"),
      ])
      let password = clock.createHotObservable([.next(100, "correct horse"), .next(500, "short")])
      let taps = clock.createHotObservable([.next(300, ()), .next(450, ()), .next(600, ())])
      let output = LoginViewModel(auth: auth).transform(
        .init(
          email: email.asObservable(), password: password.asObservable(),
          loginTaps: taps.asObservable()))
      let bag = DisposeBag()
      clock.scheduleAt(0) {
        output.loggedInUser.emit(to: users).disposed(by: bag)
        output.refusal.emit(to: refusals).disposed(by: bag)
      }
      clock.start()
    }
    // The tap at 450 finds valid fields and logs in (the fake answers after 300 ms); the
    // others are refused with the hint's words.
    expectEqual(users.events, [.next(750, "Ada")])
    expectEqual(
      refusals.events,
      [
        .next(300, Validation.email("no at sign").message!),
        .next(600, Validation.password("short").message!),
      ])
    expectEqual(auth.passwordsTried, ["correct horse"])
  }

  @Test func anUnsharedOutputSendsARequestPerSubscriberAndASignalSendsOne() {
    let clock = TestScheduler.milliseconds()
    let auth = Self.auth(clock)
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: clock) {
      let taps = clock.createHotObservable([.next(100, ()), .next(1_000, ())])
      let unshared = taps.asObservable().filter { _ in clock.clock < 500 }
        .flatMapFirst {
          auth.logIn(email: "ada@example.com", password: "correct horse").asObservable()
        }
      let shared = taps.asObservable().filter { _ in clock.clock > 500 }
        .flatMapFirst {
          auth.logIn(email: "ada@example.com", password: "correct horse").asObservable()
        }
        .asSignal(onErrorSignalWith: .empty())
      clock.scheduleAt(0) {
        unshared.subscribe().disposed(by: bag)  // a label
        unshared.subscribe().disposed(by: bag)  // analytics
        shared.emit(onNext: { _ in }).disposed(by: bag)
        shared.emit(onNext: { _ in }).disposed(by: bag)
      }
      clock.start()
    }
    // One tap at 100 reached the service twice; one tap at 1000, through a Signal, once.
    expectEqual(auth.logInRequests.map { $0.subscriptions.first?.subscribe }, [100, 100, 1_000])
  }

  @Test func theRelayStyleViewModelTellsTheSameStory() {
    let clock = TestScheduler.milliseconds()
    let auth = Self.auth(clock)
    let enabled = clock.createObserver(Bool.self)
    let users = clock.createObserver(String.self)
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: clock) {
      let viewModel = LoginRelayViewModel(auth: auth)
      clock.scheduleAt(0) {
        viewModel.isLoginEnabled.drive(enabled).disposed(by: bag)
        viewModel.loggedInUser.emit(to: users).disposed(by: bag)
      }
      clock.scheduleAt(100) { viewModel.email.accept("ada@example.com") }
      clock.scheduleAt(200) { viewModel.password.accept("correct horse") }
      clock.scheduleAt(300) { viewModel.loginTaps.accept(()) }
      clock.start()
    }
    expectEqual(timeline(enabled.events), ["false@0", "true@200", "false@300", "true@600"])
    expectEqual(timeline(users.events), ["Ada@600"])
  }
}

extension LoginViewModelTests {
  @Test func forgotPasswordTapsOpenTheResetScreenWithoutARequest() {
    let clock = TestScheduler.milliseconds()
    let auth = Self.auth(clock)
    let routes = clock.createObserver(Route.self)
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: clock) {
      let forgot = clock.createHotObservable([.next(250, ())])
      let output = LoginViewModel(auth: auth).transform(
        .init(
          email: .just(""), password: .just(""), loginTaps: .never(),
          forgotPasswordTaps: forgot.asObservable()))
      clock.scheduleAt(0) { output.route.emit(to: routes).disposed(by: bag) }
      clock.start()
    }
    expectEqual(routes.events, [.next(250, .show(.forgotPassword))])
    #expect(auth.passwordsTried.isEmpty)
  }

  @Test func forgotPasswordCarriesTheAddressTypedSoFar() {
    let clock = TestScheduler.milliseconds()
    let routes = clock.createObserver(Route.self)
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: clock) {
      let email = clock.createHotObservable([.next(100, "ada@"), .next(200, "ada@example.com")])
      let forgot = clock.createHotObservable([.next(150, ()), .next(250, ())])
      let output = LoginViewModel(auth: Self.auth(clock)).transform(
        .init(
          email: email.asObservable(), password: .just(""), loginTaps: .never(),
          forgotPasswordTaps: forgot.asObservable()))
      clock.scheduleAt(0) { output.route.emit(to: routes).disposed(by: bag) }
      clock.start()
    }
    expectEqual(
      routes.events,
      [
        .next(150, .show(.forgotPassword(email: "ada@"))),
        .next(250, .show(.forgotPassword(email: "ada@example.com"))),
      ])
  }
}

extension LoginViewModelTests {
  @Test func everySubscriberOfTheOutputsSharesOneRequestPerTap() {
    let clock = TestScheduler.milliseconds()
    let auth = Self.auth(clock)
    var users: [String] = []
    let routes = clock.createObserver(Route.self)
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: clock) {
      let taps = clock.createHotObservable([.next(100, ())])
      let output = LoginViewModel(auth: auth).transform(
        .init(
          email: .just("ada@example.com"), password: .just("correct horse"),
          loginTaps: taps.asObservable()))
      clock.scheduleAt(0) {
        output.loggedInUser.emit(onNext: { users.append("label \($0)") }).disposed(by: bag)
        output.loggedInUser.emit(onNext: { users.append("analytics \($0)") }).disposed(by: bag)
        output.route.emit(to: routes).disposed(by: bag)
      }
      clock.start()
    }
    expectEqual(auth.passwordsTried, ["correct horse"])
    expectEqual(users, ["label Ada", "analytics Ada"])
    expectEqual(routes.events, [.next(400, .replaceRoot(.home))])
  }

  /// No mock: the outputs deliver through `MainScheduler`, and this test runs on the main
  /// queue, where `drive` and `emit` are allowed.
  @Test(.timeLimit(.minutes(1))) func theScreenRunsOnTheRealMainScheduler() async {
    let email = BehaviorSubject(value: "ada@example.com")
    let password = BehaviorSubject(value: "correct horse")
    let taps = PublishSubject<Void>()
    let output = LoginViewModel(auth: ImmediateAuthenticationService()).transform(
      .init(email: email, password: password, loginTaps: taps))
    var users: [String] = []
    var enabled: [Bool] = []
    let bag = DisposeBag()
    output.isLoginEnabled.drive(onNext: { enabled.append($0) }).disposed(by: bag)
    output.loggedInUser.emit(onNext: { users.append($0) }).disposed(by: bag)
    taps.onNext(())
    for _ in 0..<1_000 where users.isEmpty { await Task.yield() }
    expectEqual(users, ["Ada"])
    expectEqual(enabled.first, true)
    expectEqual(enabled.last, true)
  }
}

private enum ImmediateLoginError: Error { case wrong }

/// Answers at once: "correct horse" logs Ada in, any other password fails.
private final class ImmediateAuthenticationService: AuthenticationService {
  func logIn(email: String, password: String) -> Single<Account> {
    password == "correct horse"
      ? .just(Account(email: email, displayName: "Ada")) : .error(ImmediateLoginError.wrong)
  }
  func logOut() -> Completable { .empty() }
  func requestPasswordReset(email: String) async throws -> String { "sent" }
  var accountStatus: Observable<AccountStatus> { .just(.unavailable) }
}
