import ReactiveCore
import ViewModels
import WebUI

/// Log in: email, password, "Log in" (enabled as the view model says), "Logging in…" while
/// the request runs, "Login failed: …", and "Forgot password?". Opened because the session
/// expired, it says so until the user types.
@MainActor
final class LoginPage: WebScreen {
  private let email: BehaviorRelay<String>
  private let password = BehaviorRelay(value: "")
  private let loginTaps = PublishRelay<Void>()
  private let forgotPasswordTaps = PublishRelay<Void>()
  private var isLoginEnabled = false
  private var isLoading = false
  private var hint: String?
  private var refusal: String?
  private var failure: String?
  private var notice: String?

  /// Creates the page, its email field holding `email`; `notice` says why it opened.
  init(host: WebScreenHost, email typed: String = "", notice: String? = nil) {
    email = BehaviorRelay(value: typed)
    super.init(host: host)
    let output = LoginViewModel(auth: host.services.auth, notice: notice).transform(
      .init(
        email: email.asObservable(), password: password.asObservable(),
        loginTaps: loginTaps.asObservable(),
        forgotPasswordTaps: forgotPasswordTaps.asObservable()))
    bind(output.isLoginEnabled) { [unowned self] in isLoginEnabled = $0 }
    bind(output.isLoading) { [unowned self] loading in
      isLoading = loading
      if loading { failure = nil }
    }
    bind(output.hint) { [unowned self] in hint = $0 }
    bind(output.notice) { [unowned self] in self.notice = $0 }
    bind(output.refusal) { [unowned self] in
      refusal = $0
      failure = nil
    }
    bind(output.errorMessage) { [unowned self] in failure = $0 }
    bind(output.loggedInUser) { [unowned self] in self.host?.didLogIn(as: $0) }
    forward(output.route)
  }

  override var isBusy: Bool { isLoading }

  override func handle(_ input: WebInput) -> Bool {
    switch input.name {
    case "email":
      refusal = nil
      email.accept(input.value)
    case "password":
      refusal = nil
      password.accept(input.value)
    case "login":
      loginTaps.accept(())
    case "forgot":
      forgotPasswordTaps.accept(())
    default:
      return false
    }
    return true
  }

  override func render() -> HTML {
    HTML {
      HTML(.h1) { "Log in" }
      if let notice { HTML(.p, .role("status")) { notice } }
      HTML(.form, .method("POST"), .data("submit", "login"), .aria("label", "Log in")) {
        FormMarkup.field(
          "Email", name: "email", value: email.value, type: "email",
          placeholder: "your email address", autocomplete: "username",
          isFocused: email.value.isEmpty)
        FormMarkup.field(
          "Password", name: "password", value: "", type: "password",
          placeholder: "at least 8 characters", autocomplete: "current-password",
          message: hint, isFocused: !email.value.isEmpty)
        HTML(.div, .class("actions")) {
          FormMarkup.button(
            "Log in", tap: "login", isPrimary: true, isEnabled: isLoginEnabled && !isLoading,
            type: "submit")
          FormMarkup.button("Forgot password?", tap: "forgot")
        }
      }
      FormMarkup.status(
        busy: isLoading ? "Logging in…" : nil, failure: refusal ?? failure)
    }
  }
}

/// "Forgot password?": an email field and "Send reset link"; the confirmation or the error
/// shows under it.
@MainActor
final class ForgotPasswordPage: WebScreen {
  private let email: BehaviorRelay<String>
  private let resetTaps = PublishRelay<Void>()
  private var isSending = false
  private var message: (text: String, isFailure: Bool)?

  /// Opens the page with `email` in its field: the address typed on the login page.
  init(host: WebScreenHost, email typed: String = "") {
    email = BehaviorRelay(value: typed)
    super.init(host: host)
    let output = ForgotPasswordViewModel(auth: host.services.auth, scheduler: host.scheduler)
      .transform(.init(email: email.asObservable(), resetTaps: resetTaps.asObservable()))
    bind(output.isSending) { [unowned self] sending in
      isSending = sending
      if sending { message = nil }
    }
    bind(output.confirmation) { [unowned self] in message = ($0, false) }
    bind(output.errorMessage) { [unowned self] in message = ($0, true) }
  }

  override var isBusy: Bool { isSending }

  override func handle(_ input: WebInput) -> Bool {
    switch input.name {
    case "email": email.accept(input.value)
    case "send": resetTaps.accept(())
    default: return false
    }
    return true
  }

  override func render() -> HTML {
    HTML {
      HTML(.h1) { "Forgot password" }
      HTML(.form, .method("POST"), .data("submit", "send"), .aria("label", "Forgot password")) {
        FormMarkup.field(
          "Email", name: "email", value: email.value, type: "email",
          placeholder: "your email address", autocomplete: "username", isFocused: true)
        HTML(.div, .class("actions")) {
          FormMarkup.button("Send reset link", tap: "send", isPrimary: true, type: "submit")
          FormMarkup.button("Back", tap: "back")
        }
      }
      FormMarkup.status(
        busy: isSending ? "Sending…" : nil,
        failure: message?.isFailure == true ? message?.text : nil,
        note: message?.isFailure == false ? message?.text : nil)
    }
  }
}
