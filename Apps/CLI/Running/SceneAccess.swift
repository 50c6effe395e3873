import CommandLineKit
import Models
import Navigator
import ReactiveCore
import ViewModels

extension CommandContext {
  /// How long to wait for the account status before giving up (a server that does not
  /// answer).
  static let accountStatusTimeout: RxTimeInterval = .seconds(10)

  /// The account status, as the session view model reports it first, or `nil` when it did
  /// not arrive in time; `.interrupted` when the wait was cut short.
  func accountStatus() -> Result<AccountStatus?, Interrupted> {
    let output = SessionViewModel(auth: services.auth).transform(.init())
    var status: AccountStatus?
    var timedOut = false
    let bag = DisposeBag()
    output.status.drive(onNext: { status = status ?? $0 }).disposed(by: bag)
    Observable<Int>.timer(Self.accountStatusTimeout, scheduler: scheduler)
      .subscribe(onNext: { _ in timedOut = true })
      .disposed(by: bag)
    guard waiter.wait(until: { status != nil || timedOut }) == .done else {
      return .failure(Interrupted())
    }
    return .success(status)
  }

  /// Asks the navigator whether `scene` may be shown now: every scene but logging in and
  /// resetting a password needs an account, and ids must be valid. Prints why not and
  /// returns the exit code when it may not; returns `nil` when it may.
  func open(_ scene: Scene) -> ExitCode? {
    let status: AccountStatus
    switch accountStatus() {
    case .failure: return .interrupted
    case .success(nil):
      printer.error("Could not read the account status from \(services.origin).")
      return .failure
    case .success(let known?): status = known
    }
    let navigator = Navigator(root: .login, isLoggedIn: status.isAuthorized)
    switch navigator.navigate(.replaceRoot(scene)) {
    case .success:
      return nil
    case .failure(.requiresAccount):
      printer.error(Self.notLoggedIn)
      return .failure
    case .failure(let refusal):
      printer.error(refusal.description)
      return .failure
    }
  }

  /// What commands that need an account say when no one is logged in.
  static let notLoggedIn = "Not logged in. Run 'friends login' first."
}

/// A wait that the user cut short.
struct Interrupted: Error {}
