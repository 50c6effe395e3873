import Models
import Navigator
import ReactiveCore
import Services

/// Who is logged in, and logging out.
public struct SessionViewModel: ViewModelType {
  /// What the user does.
  public struct Input {
    /// Taps on "Log out".
    public var logoutTaps: Observable<Void>

    /// Creates the input.
    public init(logoutTaps: Observable<Void> = .never()) {
      self.logoutTaps = logoutTaps
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
    /// Back to the login screen after logging out.
    public var route: Signal<Route>
  }

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
    return Output(
      status: status,
      isLoggedIn: status.map { $0.isAuthorized }.distinctUntilChanged(),
      loggedOut: loggedOut,
      errorMessage: outcomes.failures().asSignal(onErrorSignalWith: .empty()),
      route: loggedOut.map { Route.replaceRoot(.login) })
  }
}
