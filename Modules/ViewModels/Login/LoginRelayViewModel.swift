import Models
import Navigator
import ReactiveCore
import Services

/// The login screen written in the other common style: relays in, Drivers out.
///
/// It behaves exactly like `LoginViewModel`; the two are kept side by side so the styles can be
/// compared on one screen:
///
/// | | `transform(Input) -> Output` | relays in, Drivers out |
/// |---|---|---|
/// | state in the view model | none: all of it lives in the chains | relays |
/// | where inputs come from | any observable the caller passes | only the relays |
/// | testing | pass hot test observables, record the outputs | accept into the relays, record the outputs |
/// | calling it twice | two independent sets of chains | one set of chains, built in `init` |
/// | suits | screens built in one go | inputs that arrive from several places over time |
///
/// The transform style makes hidden state and retain cycles harder to write, because there is
/// no `self` to capture; this style is easier to drive from imperative code.
@MainActor
public final class LoginRelayViewModel {
  /// The email field's text.
  public let email = BehaviorRelay(value: "")
  /// The password field's text.
  public let password = BehaviorRelay(value: "")
  /// Taps on "Log in".
  public let loginTaps = PublishRelay<Void>()
  /// Taps on "Forgot password?".
  public let forgotPasswordTaps = PublishRelay<Void>()

  /// Whether "Log in" can be tapped.
  public let isLoginEnabled: Driver<Bool>
  /// Whether a request runs.
  public let isLoading: Driver<Bool>
  /// "Login failed: …", once per failed request.
  public let errorMessage: Signal<String>
  /// The display name of the user, once logged in.
  public let loggedInUser: Signal<String>
  /// Where to go next.
  public let route: Signal<Route>

  /// Creates the view model and builds its chains once.
  public init(auth: AuthenticationService) {
    let output = LoginViewModel(auth: auth).transform(
      .init(
        email: email.asObservable(), password: password.asObservable(),
        loginTaps: loginTaps.asObservable(),
        forgotPasswordTaps: forgotPasswordTaps.asObservable()))
    isLoginEnabled = output.isLoginEnabled
    isLoading = output.isLoading
    errorMessage = output.errorMessage
    loggedInUser = output.loggedInUser
    route = output.route
  }
}
