import Models
import Navigator
import ReactiveCore
import Services

/// Who is logged in, logging out, and the end of a session the server expired.
///
/// When the backend reports that the server ended the session (`sessionExpirations`, for a
/// call of any screen), the view model says "Your session has expired; log in again"
/// (``Output/sessionExpired``) and routes to the login screen: every front shows that the
/// same way.
public struct SessionViewModel: ViewModelType {
  /// What the user does.
  public struct Input {
    /// Taps on "Log out".
    public var logoutTaps: Observable<Void>
    /// Requests to read the account status once, now (a command that needs an account asks
    /// before it runs).
    public var statusReads: Observable<Void>

    /// Creates the input.
    public init(logoutTaps: Observable<Void> = .never(), statusReads: Observable<Void> = .never()) {
      self.logoutTaps = logoutTaps
      self.statusReads = statusReads
    }
  }

  /// What the screen shows.
  public struct Output {
    /// The account status: the current one, then each change.
    public var status: Driver<AccountStatus>
    /// Whether someone is logged in.
    public var isLoggedIn: Driver<Bool>
    /// Emits once each time logging out finished.
    public var loggedOut: Signal<Void>
    /// A failed logout.
    public var errorMessage: Signal<String>
    /// The answer to each of ``Input/statusReads``.
    public var readStatus: Signal<AccountStatus>
    /// Why a read of ``Input/statusReads`` failed, for example "Could not read the account
    /// status: the server could not be reached: …". A session that expired is not reported
    /// here but by ``sessionExpired``.
    public var readError: Signal<String>
    /// "Your session has expired; log in again", each time the server ended the session.
    public var sessionExpired: Signal<String>
    /// Back to the login screen after logging out, or when the session expired.
    public var route: Signal<Route>
  }

  /// What ``Output/sessionExpired`` says.
  public static let sessionExpiredMessage = ServiceError.sessionExpiredMessage

  private let auth: AuthenticationService

  /// Creates the view model over an authentication service.
  public init(auth: AuthenticationService) {
    self.auth = auth
  }

  /// Builds the chains.
  public func transform(_ input: Input) -> Output {
    let status = auth.accountStatus.asDriver(onErrorJustReturn: .unavailable)
    let outcomes = input.logoutTaps
      .flatMapFirst { [auth] _ -> Observable<Outcome<Void, String>> in
        auth.logOut().andThen(Observable.just(()))
          .outcomes { "Could not log out: \(describe($0))" }
      }
      .share()
    let loggedOut = outcomes.values().asSignal(onErrorSignalWith: .empty())
    let reads = input.statusReads
      .flatMap { [auth] _ -> Observable<Outcome<AccountStatus, String?>> in
        auth.currentAccountStatus().asObservable()
          .outcomes { error in
            // An expired session is said once, by `sessionExpired`.
            error as? ServiceError == .sessionExpired
              ? nil : "Could not read the account status: \(describe(error))"
          }
      }
      .share()
    let expired = auth.sessionExpirations.map { Self.sessionExpiredMessage }
      .asSignal(onErrorSignalWith: .empty())
    return Output(
      status: status,
      isLoggedIn: status.map { $0.isAuthorized }.distinctUntilChanged(),
      loggedOut: loggedOut,
      errorMessage: outcomes.failures().asSignal(onErrorSignalWith: .empty()),
      readStatus: reads.values().asSignal(onErrorSignalWith: .empty()),
      readError: reads.failures().compactMap { $0 }.asSignal(onErrorSignalWith: .empty()),
      sessionExpired: expired,
      route: Signal.merge(
        loggedOut.map { Route.replaceRoot(.login) }, expired.map { _ in Route.replaceRoot(.login) })
    )
  }
}
