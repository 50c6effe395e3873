import Models
import ReactiveCore

/// Logging in and out, password resets, and the account's status.
///
/// The calls that return a `Single` or a `Completable` are lazy: nothing happens until the
/// result is subscribed, and disposing the subscription cancels the request.
/// ``requestPasswordReset(email:)`` is written with async/await instead: it runs in the
/// calling task, and cancelling that task cancels it. Calls fail with a ``ServiceError``
/// whatever the backend.
///
/// **Sendable.** A view model calls the async method from the task that a bridge starts
/// (`Single.create { try await auth.requestPasswordReset(email: email) }`), whose closure is
/// `@Sendable` and may run on another thread than the one that subscribed: the service is
/// shared between the two, so it must be safe to share. The backends are (they keep nothing
/// mutable but thread-safe relays and stores); a fake guards what it records with a lock.
public protocol AuthenticationService: AnyObject, Sendable {
  /// Logs in; fails with ``ServiceError/wrongCredentials`` when the email or password is
  /// wrong, and ``ServiceError/tooManyAttempts(retryAfter:)`` while the address must wait.
  func logIn(email: String, password: String) -> Single<Account>
  /// Logs out.
  func logOut() -> Completable
  /// Asks for a password reset email for `email`, and returns the confirmation to show.
  /// The answer is the same whether or not `email` has an account, so the screen does not
  /// reveal which addresses have accounts.
  ///
  /// Runs in the calling task; cancelling the task cancels the request, which then throws
  /// `CancellationError`. Throws ``ServiceError/invalid(_:)`` for an address that is not
  /// valid.
  func requestPasswordReset(email: String) async throws -> String
  /// The current account status, then each change. It never fails: a read that fails is
  /// skipped (and an embedded store says why with ``dataStatus``).
  var accountStatus: Observable<AccountStatus> { get }
  /// The account status read once, now; unlike ``accountStatus``, which skips a read that
  /// fails and tries again later, it fails with the reason (a server that cannot be reached,
  /// a session that expired).
  func currentAccountStatus() -> Single<AccountStatus>
  /// Emits each time a call finds that the server ended the session it was made in (the
  /// session expired, or was ended by logging out elsewhere): the user must log in again.
  /// Such calls fail with `ServiceError.sessionExpired`.
  var sessionExpirations: Observable<Void> { get }
  /// Whether the data can be read: the current status, then each change. An embedded store
  /// reports its file becoming damaged or deleted here, instead of failing the session.
  var dataStatus: Observable<DataStatus> { get }
}

extension AuthenticationService {
  /// The first value of ``accountStatus``: for a backend whose status cannot fail to be read.
  public func currentAccountStatus() -> Single<AccountStatus> {
    accountStatus.take(1).asSingle()
  }

  /// Never emits: for a backend without server sessions, such as the embedded store.
  public var sessionExpirations: Observable<Void> { .never() }

  /// Always ``DataStatus/available``: for a backend whose failures are its calls' answers,
  /// such as a server.
  public var dataStatus: Observable<DataStatus> { .just(.available) }
}
