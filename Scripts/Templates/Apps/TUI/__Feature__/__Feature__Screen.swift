import ReactiveCore
import TerminalUI
import ViewModels

/// The __phrase__ screen.
///
/// A text field that Enter adds as an entry, the hint or the last message under it, and the
/// entries added so far (the newest that fit). Esc leaves the field (Tab or Enter goes back
/// to it); Esc outside the field is "Done".
@MainActor
final class __Feature__Screen: Screen {
  private let field = FormField(label: "Entry", placeholder: "type, then Enter")
  private let addTaps = PublishRelay<Void>()
  private let doneTaps = PublishRelay<Void>()
  private var entries: [String] = []
  private var summary = ""
  private var isAddEnabled = false
  private var hint: String?
  private var message: (text: String, isFailure: Bool)?
  private var isFieldFocused = true

  override init(host: ScreenHost) {
    super.init(host: host)
    let output = __Feature__ViewModel(scheduler: host.scheduler).transform(
      .init(
        text: field.text.asObservable(), addTaps: addTaps.asObservable(),
        doneTaps: doneTaps.asObservable()))
    bind(output.entries) { [unowned self] in entries = $0 }
    bind(output.summary) { [unowned self] in summary = $0 }
    bind(output.isAddEnabled) { [unowned self] in isAddEnabled = $0 }
    bind(output.hint) { [unowned self] in hint = $0 }
    bind(output.confirmation) { [unowned self] text in
      message = (text, false)
      field.set("")
    }
    bind(output.errorMessage) { [unowned self] in message = ($0, true) }
    forward(output.route)
  }

  override var isEditingText: Bool { isFieldFocused }

  override var hints: [KeyHint] {
    guard isFieldFocused else {
      return [
        KeyHint("Tab", "edit"), KeyHint("Esc", "done"), KeyHint("?", "help"), KeyHint("q", "quit"),
      ]
    }
    return (isAddEnabled ? [KeyHint("Enter", "add")] : [])
      + [KeyHint("Esc", "leave field"), KeyHint("Ctrl-C", "quit")]
  }

  override var helpKeys: [KeyHint] {
    [
      KeyHint("Enter", "add the text as an entry"), KeyHint("Tab", "edit the entry again"),
      KeyHint("Esc", "leave the field, then done: go back"),
    ]
  }

  override func handle(_ key: Key) -> Bool {
    guard isFieldFocused else {
      switch key {
      case .tab, .enter: isFieldFocused = true
      case .escape: doneTaps.accept(())
      default: return false
      }
      return true
    }
    switch key {
    case .enter: addTaps.accept(())
    default:
      // Esc is not the field's: the application makes it leave the field.
      guard field.handle(key) else { return false }
      message = nil
    }
    return true
  }

  override func leaveTextField() -> Bool {
    guard isFieldFocused else { return false }
    isFieldFocused = false
    return true
  }

  override func render(into buffer: inout ScreenBuffer, rect: Rect, context: RenderContext) {
    let theme = context.theme
    let area = rect.inset(top: 1, left: 2)
    let labelWidth = 8
    let rows = area.rows([.fixed(1), .fixed(1), .fixed(1), .fixed(1), .fixed(1), .fill])
    buffer.write(summary, in: rows[0], style: theme.title)
    field.render(
      into: &buffer, rect: rows[2].inset(right: max(0, rows[2].width - labelWidth - 40)),
      labelWidth: labelWidth, isFocused: isFieldFocused, theme: theme)
    let below = rows[3].inset(left: labelWidth)
    if let message {
      buffer.write(
        message.text, in: below, style: message.isFailure ? theme.failure : theme.success)
    } else if let hint {
      buffer.write(hint, in: below, style: theme.secondary)
    }
    let list = rows[5]
    let shown = entries.suffix(list.height)
    for (offset, (number, entry)) in zip(shown.indices, shown).enumerated() {
      buffer.write("\(number + 1). \(entry)", in: list.row(offset), style: theme.text)
    }
  }
}
