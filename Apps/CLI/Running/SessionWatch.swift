import ReactiveCore
import Services
import ViewModels

/// Watches the session for one run of a command: once the session view model says the server
/// ended the session, every wait of the command ends, and the program says so instead of
/// whatever the command was doing.
@MainActor
final class SessionWatch {
  /// Whether the session view model said the session expired.
  private(set) var hasExpired = false
  private let bag = DisposeBag()

  /// Starts watching the sessions of `auth`.
  init(auth: AuthenticationService) {
    SessionViewModel(auth: auth).transform(.init()).sessionExpired
      .emit(onNext: { [weak self] _ in self?.hasExpired = true })
      .disposed(by: bag)
  }

  /// `waiter`, with each wait cut short (as if interrupted) once the session expired.
  func cutting(_ waiter: Waiter) -> Waiter {
    Waiter { [self] isDone in
      let outcome = waiter.wait(until: { hasExpired || isDone() })
      return hasExpired ? .interrupted : outcome
    }
  }
}
