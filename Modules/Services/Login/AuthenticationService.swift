import Models
import ReactiveCore

/// Logging in and out, and the account's status.
///
/// Every call is lazy: nothing happens until the result is subscribed, and disposing the
/// subscription cancels the request.
public protocol AuthenticationService: AnyObject {
  /// Logs in; fails when the email or password is wrong (with `StoreError.wrongPassword` from
  /// the embedded store, `ServiceError.wrongCredentials` over HTTP; both read well as text).
  func logIn(email: String, password: String) -> Single<Account>
  /// Logs out.
  func logOut() -> Completable
  /// Asks for a password reset email for `email`.
  func requestPasswordReset(email: String) -> Completable
  /// The current account status, then each change.
  var accountStatus: Observable<AccountStatus> { get }
}
