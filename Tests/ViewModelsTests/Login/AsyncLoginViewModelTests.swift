import Models
import Navigator
import ReactiveCore
import ReactiveTesting
import Services
import ServicesTesting
import Testing
import ViewModels

/// An authentication service written with async/await, as a team moving to Swift concurrency
/// writes it: it sleeps 600 ms on the clock it is given, then logs in with "correct horse" and
/// fails with any other password. It logs each call and each cancellation.
private actor AsyncAuthenticator {
  enum Failure: Error { case wrongPassword }

  private let clock: any Clock<Duration>
  private let log: TestableObserver<String>

  init(clock: any Clock<Duration>, log: TestableObserver<String>) {
    self.clock = clock
    self.log = log
  }

  func logIn(email: String, password: String) async throws -> Account {
    log.on(.next("asked with \(password)"))
    do {
      try await clock.sleep(for: .milliseconds(600))
    } catch {
      log.on(.next("cancelled"))
      throw error
    }
    guard password == "correct horse" else { throw Failure.wrongPassword }
    return Account(email: email, displayName: "Ada")
  }
}

/// The view model's `AuthenticationService` over the async one, through the bridge: the view
/// model stays as it is while the service moves to async/await. Every other call goes to a
/// fake that fails loudly, as none is scripted.
private final class BridgedAuthenticationService: AuthenticationService {
  private let service: AsyncAuthenticator
  private let unscripted: FakeAuthenticationService

  init(_ service: AsyncAuthenticator, scheduler: TestScheduler) {
    self.service = service
    unscripted = FakeAuthenticationService(scheduler: scheduler)
  }

  func logIn(email: String, password: String) -> Single<Account> {
    Single.create { [service] in try await service.logIn(email: email, password: password) }
  }

  func logOut() -> Completable { unscripted.logOut() }
  func requestPasswordReset(email: String) async throws -> String {
    try await unscripted.requestPasswordReset(email: email)
  }
  var accountStatus: Observable<AccountStatus> { unscripted.accountStatus }
  func currentAccountStatus() -> Single<AccountStatus> { unscripted.currentAccountStatus() }
  var sessionExpirations: Observable<Void> { unscripted.sessionExpirations }
  var dataStatus: Observable<DataStatus> { unscripted.dataStatus }
}

/// The login screen over an async service that answers after 600 ms of virtual time: the
/// `TestScheduler` runs the service's task on the same clock as the screen's inputs, so the
/// outputs are exact to the millisecond.
@Suite @MainActor struct AsyncLoginViewModelTests {
  /// What the screen showed and what the service saw, as timelines.
  struct Story {
    var enabled: [String]
    var loading: [String]
    var errors: [String]
    var users: [String]
    var routes: [Recorded<Event<Route>>]
    var service: [String]
    var pendingAtTheEnd: Int
  }

  /// Runs the login screen with the typing and taps given, disposing its outputs at
  /// `disposed`.
  func story(
    password: [Recorded<Event<String>>], taps: [TestTime], disposed: TestTime = 5_000
  ) -> Story {
    let clock = TestScheduler.milliseconds()
    let serviceLog = clock.createObserver(String.self)
    let auth = BridgedAuthenticationService(
      AsyncAuthenticator(clock: clock.asyncClock, log: serviceLog), scheduler: clock)
    let enabled = clock.createObserver(Bool.self)
    let loading = clock.createObserver(Bool.self)
    let errors = clock.createObserver(String.self)
    let users = clock.createObserver(String.self)
    let routes = clock.createObserver(Route.self)
    let screen = CompositeDisposable()

    SharingScheduler.mock(scheduler: clock) {
      let email = clock.createHotObservable([.next(100, "ada@example.com")])
      let password = clock.createHotObservable(password)
      let taps = clock.createHotObservable(taps.map { Recorded.next($0, ()) })
      let output = LoginViewModel(auth: auth).transform(
        .init(
          email: email.asObservable(), password: password.asObservable(),
          loginTaps: taps.asObservable()))
      clock.scheduleAt(0) {
        _ = screen.insert(output.isLoginEnabled.drive(enabled))
        _ = screen.insert(output.isLoading.drive(loading))
        _ = screen.insert(output.errorMessage.emit(to: errors))
        _ = screen.insert(output.loggedInUser.emit(to: users))
        _ = screen.insert(output.route.emit(to: routes))
      }
      clock.scheduleAt(disposed) { screen.dispose() }
      clock.start()
    }
    return Story(
      enabled: timeline(enabled.events), loading: timeline(loading.events),
      errors: timeline(errors.events), users: timeline(users.events), routes: routes.events,
      service: timeline(serviceLog.events), pendingAtTheEnd: clock.pendingCount)
  }

  @Test func anAsyncLoginIsExactToTheMillisecond() {
    // A short password, then the right one; a tap at 600 and two more while the request runs.
    let story = story(
      password: [.next(150, "short"), .next(200, "correct horse")], taps: [600, 700, 1_100])
    expectEqual(story.enabled, ["false@150", "true@200", "false@600", "true@1200"])
    expectEqual(story.loading, ["false@0", "true@600", "false@1200"])
    expectEqual(story.users, ["Ada@1200"])
    expectEqual(story.routes, [.next(1_200, .replaceRoot(.home))])
    #expect(story.errors.isEmpty)
    // The taps at 700 and 1,100 came while the request ran: one call reached the service.
    expectEqual(story.service, ["asked with correct horse@600"])
  }

  @Test func aFailedAsyncLoginLeavesTheScreenWorking() {
    let story = story(
      password: [.next(200, "wrong password"), .next(950, "correct horse")],
      taps: [300, 350, 1_000])
    expectEqual(story.enabled, ["true@200", "false@300", "true@900", "false@1000", "true@1600"])
    expectEqual(story.errors, ["Login failed: wrongPassword@900"])
    expectEqual(story.users, ["Ada@1600"])
    expectEqual(
      story.service, ["asked with wrong password@300", "asked with correct horse@1000"])
  }

  @Test func closingTheScreenCancelsTheRunningRequest() {
    let story = story(
      password: [.next(200, "correct horse")], taps: [600], disposed: 900)
    expectEqual(story.loading, ["false@0", "true@600"])
    #expect(story.users.isEmpty)
    // The service's sleep was cancelled when the screen went away, at 900, not at 1,200.
    expectEqual(story.service, ["asked with correct horse@600", "cancelled@900"])
    expectEqual(story.pendingAtTheEnd, 0)
  }
}
