import CommandLineKit
import Models
import Navigator
import ReactiveCore
import ViewModels

extension CommandContext {
  /// How long to wait for the account status before giving up: a backstop for a backend
  /// that never answers (the HTTP client's own timeout, 10 seconds, ends a read first).
  static let accountStatusTimeout: RxTimeInterval = .seconds(15)

  /// The account status, read once by the session view model, or why it could not be read:
  /// ``StatusReadError/unknown(message:)`` for a server that cannot be reached (at once when
  /// nothing accepts the connection, after the client's timeout when the server does not
  /// answer), ``StatusReadError/interrupted`` when the wait was cut short, by Ctrl-C or by
  /// the session expiring. `action` names what the user asked for, for the message of a
  /// failed read ("add the record"); `nil` for "read the account status".
  func accountStatus(for action: String? = nil) -> Result<AccountStatus, StatusReadError> {
    let reads = PublishRelay<Void>()
    let output = SessionViewModel(auth: services.auth).transform(
      .init(statusReads: reads.asObservable(), statusReadAction: action))
    var status: AccountStatus?
    var failure: String?
    let bag = DisposeBag()
    output.readStatus.emit(onNext: { status = $0 }).disposed(by: bag)
    output.readError.emit(onNext: { failure = $0 }).disposed(by: bag)
    Observable<Int>.timer(Self.accountStatusTimeout, scheduler: scheduler)
      .subscribe(onNext: { [origin = services.origin] _ in
        failure =
          failure
          ?? "Could not \(action ?? "read the account status"): \(origin) did not answer."
      })
      .disposed(by: bag)
    reads.accept(())
    guard waiter.wait(until: { status != nil || failure != nil }) == .done else {
      return .failure(.interrupted)
    }
    if let status { return .success(status) }
    return .failure(.unknown(message: failure ?? ""))
  }

  /// Asks the navigator whether `scene` may be shown now: every scene but logging in and
  /// resetting a password needs an account, and ids must be valid. Prints why not and
  /// returns the exit code when it may not; returns `nil` when it may. `action` names what
  /// the user asked for, for the message of a status that cannot be read ("Could not add the
  /// record: …").
  func open(_ scene: Scene, for action: String) -> ExitCode? {
    let status: AccountStatus
    switch accountStatus(for: action) {
    case .failure(.interrupted): return .interrupted
    case .failure(.unknown(let message)):
      printer.error(message)
      return .failure
    case .success(let known): status = known
    }
    let navigator = Navigator(root: .login, isLoggedIn: status.isAuthorized)
    switch navigator.navigate(.replaceRoot(scene)) {
    case .success:
      return nil
    case .failure(.requiresAccount):
      printer.error(notLoggedIn)
      return .failure
    case .failure(let refusal):
      printer.error(refusal.description)
      return .failure
    }
  }

  /// What commands that need an account say when no one is logged in, with the command line
  /// that logs in to the same data: "Not logged in. Run 'friends login' first.", or for a
  /// server whose address differs from the one of the data directory's login, why that
  /// login does not count.
  var notLoggedIn: String {
    let login = "Run '\(commandLine("login"))' first."
    guard let otherLogin else { return "Not logged in. \(login)" }
    return "Not logged in to \(services.origin): \(otherLogin). \(login)"
  }
  /// What every command says when the server ended the session.
  var sessionExpired: String {
    "\(SessionViewModel.sessionExpiredMessage). Run '\(commandLine("login"))' to log in."
  }
}

/// Why the account status could not be read.
enum StatusReadError: Error, Equatable {
  /// The wait was cut short, by Ctrl-C or by the session expiring.
  case interrupted
  /// The status is not known; the session view model's message says why, for example
  /// "Could not read the account status: the server could not be reached: nothing accepted
  /// the connection at 127.0.0.1:1".
  case unknown(message: String)
}
