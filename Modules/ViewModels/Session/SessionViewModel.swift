import Models
import Navigator
import ReactiveCore
import Services

/// The app's flow around the account: who is logged in, what shows after logging in, logging
/// out or the end of a session, and reading the status once.
///
/// Both fronts bind ``Output/transitions`` and do what each transition says, in its order:
/// tell the navigator whether someone is logged in, follow the route, show the message. So
/// the rules live here once:
/// - a login (here or in another program) while only public scenes show (the login, the
///   password reset) opens the home, which says who is logged in (a login screen that follows
///   its own login has opened the home already);
/// - logging out says "Logged out." and goes back to the login screen; so does a logout made
///   in another program, without the message;
/// - when the backend reports that the server ended the session (`sessionExpirations`, for a
///   call of any screen), it says "Your session has expired; log in again" and goes back to
///   the login screen, its email field holding the account's address and the message shown
///   on it until the user types, for the front to open the scenes shown again after the next
///   login, with what was typed in them (``AccountTransition/resumesAfterLogin``, which a
///   front gives to `Navigator.suspendSession(keeping:)` in place of logging out): the user
///   did not choose to leave them;
/// - when the data cannot be read (the embedded store's file was damaged or deleted while
///   the app ran), nobody is logged out: ``Output/dataProblem`` says what is wrong, with the
///   file's path, for the front to show beside its screens until the file can be read again.
public struct SessionViewModel: ViewModelType {
  /// What the user does.
  public struct Input {
    /// Taps on "Log out".
    public var logoutTaps: Observable<Void>
    /// Requests to read the account status once, now (a command that needs an account asks
    /// before it runs).
    public var statusReads: Observable<Void>
    /// What the user asked for that needs those reads, as words after "Could not" ("add the
    /// record"), for the message of a read that fails; `nil` for "read the account status".
    public var statusReadAction: String?
    /// The scenes the front shows, from the first to the top, each time they change (the
    /// navigator's `stack`). Without it the view model takes the login scene as shown.
    public var shownScenes: Observable<[Scene]>

    /// Creates the input.
    public init(
      logoutTaps: Observable<Void> = .never(), statusReads: Observable<Void> = .never(),
      statusReadAction: String? = nil, shownScenes: Observable<[Scene]> = .never()
    ) {
      self.logoutTaps = logoutTaps
      self.statusReads = statusReads
      self.statusReadAction = statusReadAction
      self.shownScenes = shownScenes
    }
  }

  /// What the screen shows.
  public struct Output {
    /// The account status: the current one, then each change.
    public var status: Driver<AccountStatus>
    /// Whether someone is logged in.
    public var isLoggedIn: Driver<Bool>
    /// The logged-in account's display name, `nil` while no one is logged in (from the moment
    /// logging out finished or the session expired).
    public var accountName: Driver<String?>
    /// What the front does each time the account comes or goes (see ``AccountTransition``).
    public var transitions: Signal<AccountTransition>
    /// Emits once each time logging out finished.
    public var loggedOut: Signal<Void>
    /// A failed logout.
    public var errorMessage: Signal<String>
    /// The answer to each of ``Input/statusReads``.
    public var readStatus: Signal<AccountStatus>
    /// Why a read of ``Input/statusReads`` failed, for example "Could not read the account
    /// status: the server could not be reached: …", or with ``Input/statusReadAction``
    /// "Could not add the record: …". A session that expired is not reported
    /// here but by ``sessionExpired``.
    public var readError: Signal<String>
    /// "Your session has expired; log in again", each time the server ended the session.
    public var sessionExpired: Signal<String>
    /// While the data cannot be read, what is wrong, naming the file: the store's whole
    /// message (for example "The data file /home/ada/.local/share/friends/store.json is
    /// damaged (…). It was left untouched: …"), and for a damaged file ``readOnlyNote``;
    /// `nil` while it can. Changes are refused with the store's message meanwhile.
    public var dataProblem: Driver<String?>
  }

  /// What ``Output/sessionExpired`` says.
  public static let sessionExpiredMessage = ServiceError.sessionExpiredMessage
  /// What a transition says once logging out finished.
  public static let loggedOutMessage = "Logged out."
  /// What ``Output/dataProblem`` adds to the message of a file that cannot be read.
  public static let readOnlyNote = "Nothing is saved until it can be read again."

  /// What ``Output/dataProblem`` says for `status`.
  private static func problem(_ status: DataStatus) -> String? {
    switch status {
    case .available: return nil
    case .unreadable(let message): return message + " " + readOnlyNote
    // The message says that nothing is saved, and until when.
    case .deleted(let message): return message
    // The message says that what is shown may be old.
    case .unreachable(let message): return message
    }
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
    let action = input.statusReadAction ?? "read the account status"
    let reads = input.statusReads
      .flatMap { [auth] _ -> Observable<Outcome<AccountStatus, String?>> in
        auth.currentAccountStatus().asObservable()
          .outcomes { error in
            // An expired session is said once, by `sessionExpired`.
            error as? ServiceError == .sessionExpired
              ? nil : "Could not \(action): \(describe(error))"
          }
      }
      .share()
    let expired = auth.sessionExpirations.map { Self.sessionExpiredMessage }
      .asSignal(onErrorSignalWith: .empty())
    let isLoggedIn = status.map { $0.isAuthorized }.distinctUntilChanged()
    // The address of the account last logged in, which the login screen after an expired
    // session starts with.
    let lastEmail = status.compactMap { $0.account?.email }.startWith("")
    return Output(
      status: status,
      isLoggedIn: isLoggedIn,
      accountName: Driver.merge(
        status.map { $0.account?.displayName },
        // Gone at once when logging out finished or the session expired, before the status
        // catches up.
        Signal.merge(loggedOut, expired.map { _ in () }).map { String?.none }
          .asDriver(onErrorDriveWith: .empty())
      )
      .distinctUntilChanged(),
      transitions: Signal.merge(
        Self.statusTransitions(status, shownScenes: input.shownScenes, expired: expired),
        loggedOut.map {
          AccountTransition(
            isLoggedIn: false, route: .replaceRoot(.login), message: Self.loggedOutMessage)
        },
        expired.asObservable().withLatestFrom(lastEmail.asObservable()) { message, email in
          AccountTransition(
            isLoggedIn: false, route: .replaceRoot(.login(email: email, notice: message)),
            message: message, resumesAfterLogin: true)
        }
        .asSignal(onErrorSignalWith: .empty())),
      loggedOut: loggedOut,
      errorMessage: outcomes.failures().asSignal(onErrorSignalWith: .empty()),
      readStatus: reads.values().asSignal(onErrorSignalWith: .empty()),
      readError: reads.failures().compactMap { $0 }.asSignal(onErrorSignalWith: .empty()),
      sessionExpired: expired,
      dataProblem: auth.dataStatus.map(Self.problem).distinctUntilChanged()
        .asDriver(onErrorJustReturn: nil)
    )
  }

  /// One transition each time the status says someone logged in or no one is: the home after
  /// a login while only public scenes show; the login screen after a logout seen while someone
  /// was logged in, unless the session's end (`expired`) went there already, with the
  /// account's address and why.
  private static func statusTransitions(
    _ status: Driver<AccountStatus>, shownScenes: Observable<[Scene]>, expired: Signal<String>
  ) -> Signal<AccountTransition> {
    typealias Step = (previous: Bool?, isLoggedIn: Bool)
    let shown = shownScenes.startWith([.login])
    let expiredSinceLogin = Observable.merge(
      expired.asObservable().map { _ in true },
      status.asObservable().filter(\.isAuthorized).map { _ in false }
    )
    .startWith(false)
    return status.asObservable()
      .map(\.isAuthorized)
      .distinctUntilChanged()
      .scan(nil) { (last: Step?, isLoggedIn) -> Step? in (last?.isLoggedIn, isLoggedIn) }
      .compactMap { $0 }
      .withLatestFrom(Observable.combineLatest(shown, expiredSinceLogin)) {
        step, latest -> AccountTransition in
        let (scenes, hasExpired) = latest
        if step.isLoggedIn {
          let onlyPublic = !scenes.contains(where: \.needsAccount)
          return AccountTransition(isLoggedIn: true, route: onlyPublic ? .replaceRoot(.home) : nil)
        }
        let leaves = step.previous == true && !hasExpired
        return AccountTransition(isLoggedIn: false, route: leaves ? .replaceRoot(.login) : nil)
      }
      .asSignal(onErrorSignalWith: .empty())
  }
}

/// One step of the app's flow: whether someone is logged in now, where to go, and what to say.
/// A front applies the three in that order (its navigator must know of the login before it
/// opens a scene that needs an account).
public struct AccountTransition: Equatable, Sendable {
  /// Whether someone is logged in after this transition.
  public var isLoggedIn: Bool
  /// Where to go, or `nil` to stay on the scenes shown.
  public var route: Route?
  /// What to tell the user, or `nil` for nothing. When the session expired, the login scene
  /// of ``route`` carries it too, for the login screen to show until the user types.
  public var message: String?
  /// Whether the front keeps the scenes it showed, with the text typed in them and not saved,
  /// to open them again after the next login: `true` when the session expired, which the user
  /// did not choose; `false` after a logout.
  public var resumesAfterLogin: Bool

  /// Creates a transition.
  public init(
    isLoggedIn: Bool, route: Route? = nil, message: String? = nil, resumesAfterLogin: Bool = false
  ) {
    self.isLoggedIn = isLoggedIn
    self.route = route
    self.message = message
    self.resumesAfterLogin = resumesAfterLogin
  }
}

extension SessionViewModel.Output {
  /// Does what every front does with the session's output, so that none writes it again:
  /// applies each transition to `navigator` in its order (the login, then the route, then
  /// the message), keeping the scenes shown with what `keptStates` gives for each when the
  /// session expired, and hands the account's name, the data's problem, the messages and a
  /// failed logout to the front to show.
  ///
  /// - Parameters:
  ///   - navigator: The front's navigator.
  ///   - keptStates: What each scene shown now would lose (a form's draft), read when the
  ///     session expires.
  ///   - accountName: Each account name, `nil` while no one is logged in.
  ///   - dataProblem: What is wrong with the data, `nil` while nothing is.
  ///   - message: Each message of a transition ("Logged out.").
  ///   - failure: Each failed logout.
  /// - Returns: The subscriptions, to dispose of when the front ends.
  @MainActor
  public func drive(
    _ navigator: Navigator, keptStates: @escaping @MainActor () -> [Scene: any Sendable],
    accountName: @escaping @MainActor (String?) -> Void,
    dataProblem: @escaping @MainActor (String?) -> Void,
    message: @escaping @MainActor (String) -> Void, failure: @escaping @MainActor (String) -> Void
  ) -> Disposable {
    CompositeDisposable(disposables: [
      self.accountName.drive(onNext: { accountName($0) }),
      self.dataProblem.drive(onNext: { dataProblem($0) }),
      transitions.emit(onNext: { transition in
        if transition.resumesAfterLogin {
          navigator.suspendSession(keeping: keptStates())
        } else {
          navigator.setLoggedIn(transition.isLoggedIn)
        }
        if let route = transition.route { navigator.navigate(route) }
        if let text = transition.message { message(text) }
      }),
      errorMessage.emit(onNext: { failure($0) }),
    ])
  }
}
