import ReactiveCore
import TerminalUI
import ViewModels

/// Log in: email, password, "Log in" (enabled as the view model says), a spinner while the
/// request runs, "Login failed: …", and a way to "Forgot password?". Opened because the
/// session expired, it says so until the user types.
@MainActor
final class LoginScreen: Screen {
  private enum Focus { case email, password, logIn, forgotPassword }

  private var focus = FocusRing<Focus>([.email, .password, .logIn, .forgotPassword])
  private let email = FormField(label: "Email", placeholder: "your email address")
  private let password = FormField(
    label: "Password", placeholder: "at least 8 characters", isSecure: true)
  private let loginTaps = PublishRelay<Void>()
  private let forgotPasswordTaps = PublishRelay<Void>()
  private var isLoginEnabled = false
  private var isLoading = false
  private var hint: String?
  /// Why the last tap logged nothing in, until the fields change.
  private var refusal: String?
  private var failure: String?
  /// Why the screen opened (the session expired), until the user types.
  private var notice: String?

  /// Creates the screen, its email field holding `email`; `notice` says why it opened, if it
  /// should.
  init(host: ScreenHost, email typed: String = "", notice: String? = nil) {
    super.init(host: host)
    email.set(typed)
    // With the address given (the account whose session expired), the password is next.
    if !typed.isEmpty { focus.focus(.password) }
    let output = LoginViewModel(auth: host.services.auth, notice: notice).transform(
      .init(
        email: email.text.asObservable(), password: password.text.asObservable(),
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

  override var isEditingText: Bool { focus.current == .email || focus.current == .password }

  override var hints: [KeyHint] {
    switch focus.current {
    case .email:
      [
        KeyHint("Tab", "next"), KeyHint("Enter", "next"), KeyHint("Esc", "leave field"),
        KeyHint("Ctrl-C", "quit"),
      ]
    case .password:
      [
        KeyHint("Tab", "next"), KeyHint("Enter", "log in"), KeyHint("Esc", "leave field"),
        KeyHint("Ctrl-C", "quit"),
      ]
    case .logIn, .forgotPassword:
      [
        KeyHint("Tab", "next"), KeyHint("Enter", "press"), KeyHint("?", "help"),
        KeyHint("q", "quit"),
      ]
    }
  }

  override var helpKeys: [KeyHint] {
    [KeyHint("Enter", "next field, or log in from the password")]
  }

  override func handle(_ key: Key) -> Bool {
    if focus.handle(key) { return true }
    switch focus.current {
    case .email:
      if key == .enter {
        focus.next()
        return true
      }
      return edit(email, with: key)
    case .password:
      if key == .enter {
        tapLogIn()
        return true
      }
      return edit(password, with: key)
    case .logIn:
      guard key == .enter || key == .character(" ") else { return false }
      tapLogIn()
      return true
    case .forgotPassword:
      guard key == .enter || key == .character(" ") else { return false }
      forgotPasswordTaps.accept(())
      return true
    }
  }

  override func leaveTextField() -> Bool {
    guard isEditingText else { return false }
    focus.focus(.logIn)
    return true
  }

  /// `key` applied to `field`; an edit clears the last refusal.
  private func edit(_ field: FormField, with key: Key) -> Bool {
    guard field.handle(key) else { return false }
    refusal = nil
    return true
  }

  /// Every tap goes to the view model, which refuses one on fields that are not valid.
  private func tapLogIn() {
    loginTaps.accept(())
  }

  override func render(into buffer: inout ScreenBuffer, rect: Rect, context: RenderContext) {
    let theme = context.theme
    // The box grows to hold the whole message below the buttons, wrapped to its width.
    let message: (text: String, style: Style)? =
      if isLoading { nil } else if let failure = failure ?? refusal ?? notice {
        (failure, theme.failure)
      } else if let hint { (hint, theme.secondary) } else { nil }
    let lines = message.map { $0.text.wrapped(toWidth: min(rect.width, 60) - 6) } ?? []
    let height = 8 + max(lines.count, 2)
    let inside = buffer.drawPanel(
      in: rect, width: 60, height: height, title: "Log in", theme: theme)
    let rows = inside.rows(Array(repeating: .fixed(1), count: height - 2))
    let labelWidth = 10
    email.render(
      into: &buffer, rect: rows[1], labelWidth: labelWidth, isFocused: focus.current == .email,
      theme: theme)
    onClick(rows[1]) { [unowned self] in focus.focus(.email) }
    onClick(rows[2]) { [unowned self] in focus.focus(.password) }
    password.render(
      into: &buffer, rect: rows[2], labelWidth: labelWidth,
      isFocused: focus.current == .password, theme: theme)
    let buttons = rows[4].inset(left: labelWidth)
    let logIn = Button("Log in", isEnabled: isLoginEnabled, isFocused: focus.current == .logIn)
    logIn.render(into: &buffer, rect: buttons, theme: theme)
    let forgot = Button("Forgot password?", isFocused: focus.current == .forgotPassword)
    let forgotRect = buttons.inset(left: logIn.width + 3)
    forgot.render(into: &buffer, rect: forgotRect, theme: theme)
    // A click on a button focuses and presses it.
    onClick(Rect(x: buttons.x, y: buttons.y, width: logIn.width, height: 1)) { [unowned self] in
      focus.focus(.logIn)
      tapLogIn()
    }
    onClick(Rect(x: forgotRect.x, y: forgotRect.y, width: forgot.width, height: 1)) {
      [unowned self] in
      focus.focus(.forgotPassword)
      forgotPasswordTaps.accept(())
    }
    if isLoading {
      Spinner(label: "Logging in…", frames: [context.spinnerFrame])
        .render(into: &buffer, rect: rows[6], theme: theme)
    } else if let message {
      for (row, line) in zip(rows[6...], lines) {
        buffer.write(line, in: row, style: message.style)
      }
    }
  }
}
