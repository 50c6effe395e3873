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
  /// Asks for a password reset email for `email`, and answers with the confirmation to show.
  /// The answer is the same whether or not `email` has an account, so the screen does not
  /// reveal which addresses have accounts.
  func requestPasswordReset(email: String) -> Single<String>
  /// The current account status, then each change.
  var accountStatus: Observable<AccountStatus> { get }
}
