import Foundation
import Models
import ReactiveCore
import Services

extension RemoteBackend: AuthenticationService {
  /// Logs in.
  public func logIn(email: String, password: String) -> Single<Account> {
    write { client in try await client.logIn(email: email, password: password) }
  }

  /// Logs out.
  public func logOut() -> Completable {
    write { client in try await client.logOut() }.asCompletable()
  }

  /// Asks the server for a reset link (`POST /password-reset`) and returns the confirmation
  /// to show.
  ///
  /// Written with async/await: the request runs in the calling task, and cancelling the task
  /// cancels it (closing its connection). Unlike the calls that return a `Single`, the answer
  /// arrives on that task, not on the backend's scheduler: the caller moves it where it needs
  /// it (a view model observes it on its own scheduler).
  public func requestPasswordReset(email: String) async throws -> String {
    try await perform { client in try await client.requestPasswordReset(email: email) }
    return "We sent a reset link to \(email)."
  }

  /// The status now, then each change seen by polling. A session the server ended reads
  /// as ``AccountStatus/unavailable`` (and makes ``sessionExpirations`` emit); other failed
  /// reads are skipped.
  public var accountStatus: Observable<AccountStatus> {
    let expirations = self.expirations
    return polled { client in
      do {
        return try await client.accountStatus()
      } catch ServiceError.sessionExpired {
        expirations.accept(())
        return .unavailable
      }
    }.map(\.value)
  }

  /// The status read once: fails at once when the server cannot be reached.
  public func currentAccountStatus() -> Single<AccountStatus> {
    call { client in try await client.accountStatus() }
  }

  /// Emits each time a call got ``ServiceError/sessionExpired``.
  public var sessionExpirations: Observable<Void> { expirations.asObservable() }
}
