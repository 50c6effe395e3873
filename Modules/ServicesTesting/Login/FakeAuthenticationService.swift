import Models
import ReactiveCore
import ReactiveTesting
import Services

/// An authentication service whose answers a test scripts as timelines on a `TestScheduler`.
///
/// Each request is a cold test observable, so it answers relative to when it is subscribed, and
/// its `subscriptions` tell when it was started and cancelled. A call the test did not script
/// records a test failure.
public final class FakeAuthenticationService: AuthenticationService {
  /// The scheduler the answers run on.
  public let scheduler: TestScheduler
  /// The answer to `logIn`, for the given email and password.
  public var logInResponse: ((String, String) -> [Recorded<Event<Account>>])?
  /// The answer to `logOut`.
  public var logOutResponse: (() -> [Recorded<Event<Never>>])?
  /// The answer to `requestPasswordReset`, for the given email.
  public var resetResponse: ((String) -> [Recorded<Event<Never>>])?
  /// The account status the service reports; tests change it with `accept`.
  public let status = BehaviorRelay(value: AccountStatus.unavailable)
  /// The answer to `currentAccountStatus`; without one, it answers with ``status`` at once.
  public var currentStatusResponse: (() -> [Recorded<Event<AccountStatus>>])?
  /// What ``sessionExpirations`` emits; tests call `accept` when the session ends.
  public let expirations = PublishRelay<Void>()
  /// The data status the service reports; tests change it with `accept`.
  public let data = BehaviorRelay(value: DataStatus.available)

  /// The passwords `logIn` was called with, in order.
  public private(set) var passwordsTried: [String] = []
  /// The emails a reset was requested for, in order.
  public private(set) var resetEmails: [String] = []
  /// The requests made, in order, to inspect their subscriptions.
  public private(set) var logInRequests: [TestableObservable<Account>] = []
  /// The reset requests made, in order.
  public private(set) var resetRequests: [TestableObservable<Never>] = []

  /// Creates a fake that answers on `scheduler`.
  public init(scheduler: TestScheduler) {
    self.scheduler = scheduler
  }

  /// Answers with the scripted `logInResponse`.
  public func logIn(email: String, password: String) -> Single<Account> {
    passwordsTried.append(password)
    guard let logInResponse else {
      return .error(unscripted("logIn(email: \(email), password: …)"))
    }
    let request = scheduler.createColdObservable(logInResponse(email, password))
    logInRequests.append(request)
    return request.asObservable().asSingle()
  }

  /// Answers with the scripted `logOutResponse`.
  public func logOut() -> Completable {
    guard let logOutResponse else { return .error(unscripted("logOut()")) }
    return scheduler.createColdObservable(logOutResponse()).asObservable().asCompletable()
  }

  /// The confirmation a completed reset request answers with, for the given email.
  public var resetConfirmation: (String) -> String = { "We sent a reset link to \($0)." }

  /// Answers with the scripted `resetResponse`, then `resetConfirmation` once it completes.
  public func requestPasswordReset(email: String) -> Single<String> {
    resetEmails.append(email)
    guard let resetResponse else {
      return .error(unscripted("requestPasswordReset(email: \(email))"))
    }
    let request = scheduler.createColdObservable(resetResponse(email))
    resetRequests.append(request)
    let confirmation = resetConfirmation(email)
    return request.asObservable().asCompletable().andThen(Single.just(confirmation))
  }

  /// The scripted status: its current value, then each change.
  public var accountStatus: Observable<AccountStatus> { status.asObservable() }

  /// Answers with the scripted `currentStatusResponse`, or with ``status``'s value.
  public func currentAccountStatus() -> Single<AccountStatus> {
    guard let currentStatusResponse else { return .just(status.value) }
    return scheduler.createColdObservable(currentStatusResponse()).asObservable().asSingle()
  }

  /// What the test sends through ``expirations``.
  public var sessionExpirations: Observable<Void> { expirations.asObservable() }

  /// The scripted data status: its current value, then each change.
  public var dataStatus: Observable<DataStatus> { data.asObservable() }
}
