import Foundation
import Models
import ReactiveCore
import Services

extension LocalBackend: AuthenticationService {
  /// Logs in with the store's account.
  public func logIn(email: String, password: String) -> Single<Account> {
    write("logIn") { store in try store.logIn(email: email, password: password) }
  }

  /// Logs out.
  public func logOut() -> Completable {
    write("logOut") { store in try store.logOut() }.asCompletable()
  }

  /// Accepts a reset request for a valid email and answers ``passwordResetText(email:)``:
  /// this demo sends nothing, and says so, in the same words whether or not the address has
  /// an account.
  public func requestPasswordReset(email: String) -> Single<String> {
    read("requestPasswordReset") { store in
      try store.requestPasswordReset(email: email)
      return Self.passwordResetText(email: email)
    }
  }

  /// The confirmation of a reset request for `email` on the embedded data.
  public static func passwordResetText(email: String) -> String {
    "This demo sends no email: no reset link was sent to \(email), "
      + "whether or not it has an account."
  }

  /// The status now, then each change.
  public var accountStatus: Observable<AccountStatus> {
    let store = self.store
    return Observable.deferred { .just(try store.accountStatus()) }
      .concat(changes.filter(\.accountChanged).map { $0.snapshot.accountStatus })
      .distinctUntilChanged()
  }
}
