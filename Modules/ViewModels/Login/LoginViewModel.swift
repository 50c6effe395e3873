import Models
import Navigator
import ReactiveCore
import Services

/// The login screen: email and password fields, a "Log in" button, a spinner, messages.
///
/// The button is enabled only while both fields are valid and no request runs. A tap reads the
/// fields at that moment: on fields that are not valid it logs nothing in and says why
/// (``Output/refusal``), so a front forwards every tap and leaves the rule here; taps during a
/// request are ignored (`flatMapFirst`). A failure shows
/// "Login failed: …" and leaves the screen working; a success shows the user's name and asks
/// to replace the stack with the home. A login refused for too many attempts counts the wait
/// down, once a second ("Login failed: too many attempts; try again in 29 s"), with "Log in"
/// disabled until it ends.
///
/// A login screen opened because the session expired says so (``Output/notice``, "Your
/// session has expired; log in again") until the user changes a field or taps "Log in".
public struct LoginViewModel: ViewModelType {
  /// What the user does on the screen.
  public struct Input {
    /// The email field's text, each time it changes.
    public var email: Observable<String>
    /// The password field's text, each time it changes.
    public var password: Observable<String>
    /// Taps on "Log in".
    public var loginTaps: Observable<Void>
    /// Taps on "Forgot password?".
    public var forgotPasswordTaps: Observable<Void>

    /// Creates the input.
    public init(
      email: Observable<String>, password: Observable<String>, loginTaps: Observable<Void>,
      forgotPasswordTaps: Observable<Void> = .never()
    ) {
      self.email = email
      self.password = password
      self.loginTaps = loginTaps
      self.forgotPasswordTaps = forgotPasswordTaps
    }
  }

  /// What the screen shows.
  public struct Output {
    /// Whether "Log in" can be tapped.
    public var isLoginEnabled: Driver<Bool>
    /// Whether a request runs (the spinner).
    public var isLoading: Driver<Bool>
    /// What is wrong with the fields, or `nil` when they are valid.
    public var hint: Driver<String?>
    /// "Login failed: …", once per failed request; for a refusal with a wait, once a second
    /// with the seconds left, then ``waitOverMessage``.
    public var errorMessage: Signal<String>
    /// What is wrong with the fields, once per tap that found them not valid.
    public var refusal: Signal<String>
    /// The display name of the user, once logged in.
    public var loggedInUser: Signal<String>
    /// Why the login screen opened (the session expired), from the start until a field
    /// changes or "Log in" is tapped; `nil` then, and throughout when there is no notice.
    public var notice: Driver<String?>
    /// Where to go next: the home after logging in, or the "Forgot password?" screen with the
    /// email address typed so far.
    public var route: Signal<Route>
  }

  /// What ``Output/errorMessage`` says when the wait after too many attempts is over.
  public static let waitOverMessage = "Login failed: too many attempts; you can try again now"

  private let auth: AuthenticationService
  private let notice: String?

  /// Creates the view model over an authentication service; `notice` says why the login
  /// screen opened (the transition's message after the session expired), if it should.
  public init(auth: AuthenticationService, notice: String? = nil) {
    self.auth = auth
    self.notice = notice
  }

  /// Builds the screen's chains.
  public func transform(_ input: Input) -> Output {
    let activity = ActivityTracker()
    let errors = PublishRelay<any Error>()

    let credentials = Observable.combineLatest(input.email, input.password)
    let validation = credentials.map { email, password in
      LoginViewModel.validate(email: email, password: password)
    }
    let isValid = validation.map { $0.isValid }

    let refusals = input.loginTaps
      .withLatestFrom(validation)
      .compactMap { $0.message }
      .asSignal(onErrorSignalWith: .empty())

    let accounts = input.loginTaps
      .withLatestFrom(Observable.combineLatest(credentials, isValid))
      .filter { _, isValid in isValid }
      .map { credentials, _ in credentials }
      .flatMapFirst { [auth] email, password in
        activity.track(auth.logIn(email: email, password: password))
          .asObservable()
          .catch { error in
            errors.accept(error)
            return .empty()
          }
      }
      .asSignal(onErrorSignalWith: .empty())

    // Each failure's message; a wait counts down from the failure, and ends at the next one.
    let messages: Signal<(text: String, isWaiting: Bool)> = errors.asSignal()
      .flatMapLatest { error -> Signal<(text: String, isWaiting: Bool)> in
        guard case .tooManyAttempts(let seconds)? = error as? ServiceError, seconds > 0 else {
          return .just((text: "Login failed: \(describe(error))", isWaiting: false))
        }
        return Observable<Int>.timer(
          .seconds(0), period: .seconds(1), scheduler: SharingScheduler.make()
        )
        .take(seconds + 1)
        .map { tick in
          let left = seconds - tick
          return left > 0
            ? (
              text: "Login failed: \(describe(ServiceError.tooManyAttempts(retryAfter: left)))",
              isWaiting: true
            )
            : (text: Self.waitOverMessage, isWaiting: false)
        }
        .asSignal(onErrorSignalWith: .empty())
      }
    // Read from the failures themselves, so that "Log in" stays disabled from the refusal on,
    // without being enabled for an instant as the request ends.
    let isWaiting = errors.asObservable()
      .flatMapLatest { error -> Observable<Bool> in
        guard case .tooManyAttempts(let seconds)? = error as? ServiceError, seconds > 0 else {
          return .just(false)
        }
        return Observable<Int>.timer(.seconds(seconds), scheduler: SharingScheduler.make())
          .map { _ in false }.startWith(true)
      }
      .startWith(false)

    let isLoading = activity.isActive
    let isLoginEnabled = Observable.combineLatest(isValid, isLoading.asObservable(), isWaiting) {
      $0 && !$1 && !$2
    }
    .asDriver(onErrorJustReturn: false)
    .distinctUntilChanged()

    // The fields' first values are what the screen opened with: a change after them, or a
    // tap, ends the notice.
    let firstAction = Observable.merge(
      credentials.map { "\($0)\n\($1)" }.distinctUntilChanged().skip(1).map { _ in () },
      input.loginTaps
    )
    .take(1)
    let noticeShown: Driver<String?> =
      notice.map { notice in
        firstAction.map { _ in String?.none }.startWith(notice)
          .asDriver(onErrorJustReturn: nil)
      } ?? .just(nil)

    return Output(
      isLoginEnabled: isLoginEnabled,
      isLoading: isLoading,
      hint: validation.map { $0.message }.asDriver(onErrorJustReturn: nil).distinctUntilChanged(),
      errorMessage: messages.map { $0.text },
      refusal: refusals,
      loggedInUser: accounts.map { $0.displayName },
      notice: noticeShown,
      route: Signal.merge(
        accounts.map { _ in Route.replaceRoot(.home) },
        input.forgotPasswordTaps.withLatestFrom(input.email.startWith("")) { _, email in
          Route.show(.forgotPassword(email: email))
        }
        .asSignal(onErrorSignalWith: .empty()))
    )
  }

  /// What is wrong with `email` alone, or `nil` when it is valid: the hint for an email
  /// typed before any password.
  public static func emailMessage(_ email: String) -> String? {
    Validation.email(email).message
  }

  /// The first problem with the fields, or `.valid`.
  public static func validate(email: String, password: String) -> ValidationResult {
    let emailResult = Validation.email(email)
    return emailResult.isValid ? Validation.password(password) : emailResult
  }
}
