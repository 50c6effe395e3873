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

  /// Accepts a reset request for a valid email and returns ``passwordResetText(email:)``:
  /// this demo sends nothing, and says so, in the same words whether or not the address has
  /// an account.
  ///
  /// Written with async/await: waits the configured latency (on the backend's scheduler),
  /// then reads the store in the calling task. Cancelling the task during the latency throws
  /// `CancellationError` and reads nothing.
  public func requestPasswordReset(email: String) async throws -> String {
    try await readAsync("requestPasswordReset") { store in
      try store.requestPasswordReset(email: email)
      return Self.passwordResetText(email: email)
    }
  }

  /// The confirmation of a reset request for `email` on the embedded data.
  public static func passwordResetText(email: String) -> String {
    "This demo sends no email: no reset link was sent to \(email), "
      + "whether or not it has an account."
  }

  /// The status now, then each change. While the data file cannot be read, the status is
  /// the one read last, so a damaged or deleted file does not log anyone out.
  public var accountStatus: Observable<AccountStatus> {
    Observable.deferred { [self] in
      .just(
        try readOrLastRead({ store throws(StoreError) in try store.accountStatus() }) {
          $0.accountStatus
        })
    }
    .concat(changes.filter(\.accountChanged).map { $0.snapshot.accountStatus })
    .distinctUntilChanged()
  }
}
