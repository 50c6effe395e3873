import ReactiveCore
import TerminalUI
import ViewModels

/// "Forgot password?": an email field and "Send reset link"; the confirmation or the error
/// shows under it.
@MainActor
final class ForgotPasswordScreen: Screen {
  private enum Focus { case email, send }

  private var focus = FocusRing<Focus>([.email, .send])
  private let email = FormField(label: "Email", placeholder: "your email address")
  private let resetTaps = PublishRelay<Void>()
  private var isSending = false
  private var message: (text: String, isFailure: Bool)?

  /// Opens the screen with `email` in its field: the address typed on the login screen.
  init(host: ScreenHost, email typed: String = "") {
    super.init(host: host)
    email.set(typed)
    let output = ForgotPasswordViewModel(auth: host.services.auth, scheduler: host.scheduler)
      .transform(.init(email: email.text.asObservable(), resetTaps: resetTaps.asObservable()))
    bind(output.isSending) { [unowned self] sending in
      isSending = sending
      if sending { message = nil }
    }
    bind(output.confirmation) { [unowned self] in message = ($0, false) }
    bind(output.errorMessage) { [unowned self] in message = ($0, true) }
  }

  override var isBusy: Bool { isSending }

  override var isEditingText: Bool { focus.current == .email }

  override var hints: [KeyHint] {
    focus.current == .email
      ? [
        KeyHint("Enter", "send"), KeyHint("Tab", "next"), KeyHint("Esc", "back"),
        KeyHint("Ctrl-C", "quit"),
      ]
      : [
        KeyHint("Enter", "send"), KeyHint("Tab", "next"), KeyHint("Esc", "back"),
        KeyHint("?", "help"), KeyHint("q", "quit"),
      ]
  }

  override var helpKeys: [KeyHint] {
    [KeyHint("Enter", "send a reset link to the email")]
  }

  override func handle(_ key: Key) -> Bool {
    if focus.handle(key) { return true }
    if key == .enter || (focus.current == .send && key == .character(" ")) {
      resetTaps.accept(())
      return true
    }
    return focus.current == .email && email.handle(key)
  }

  override func leaveTextField() -> Bool {
    guard isEditingText else { return false }
    focus.focus(.send)
    return true
  }

  override func render(into buffer: inout ScreenBuffer, rect: Rect, context: RenderContext) {
    let theme = context.theme
    // The box grows to hold the whole message below the button, wrapped to its width.
    let lines =
      isSending ? [] : message.map { $0.text.wrapped(toWidth: min(rect.width, 60) - 6) } ?? []
    let height = 8 + max(lines.count, 2)
    let inside = buffer.drawPanel(
      in: rect, width: 60, height: height, title: "Forgot password", theme: theme)
    let rows = inside.rows(Array(repeating: .fixed(1), count: height - 2))
    let labelWidth = 10
    buffer.write(
      "We will email you a link to choose a new password.", in: rows[0], style: theme.secondary)
    email.render(
      into: &buffer, rect: rows[2], labelWidth: labelWidth, isFocused: focus.current == .email,
      theme: theme)
    let send = Button("Send reset link", isFocused: focus.current == .send)
    let sendRect = rows[4].inset(left: labelWidth)
    send.render(into: &buffer, rect: sendRect, theme: theme)
    onClick(rows[2]) { [unowned self] in focus.focus(.email) }
    onClick(Rect(x: sendRect.x, y: sendRect.y, width: send.width, height: 1)) { [unowned self] in
      focus.focus(.send)
      resetTaps.accept(())
    }
    if isSending {
      Spinner(label: "Sending…", frames: [context.spinnerFrame])
        .render(into: &buffer, rect: rows[6], theme: theme)
    } else if let message {
      let style = message.isFailure ? theme.failure : theme.success
      for (row, line) in zip(rows[6...], lines) {
        buffer.write(line, in: row, style: style)
      }
    }
  }
}
