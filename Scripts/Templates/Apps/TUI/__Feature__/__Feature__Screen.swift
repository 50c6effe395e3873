import Models
import ReactiveCore
import TerminalUI
import ViewModels

/// The __phrase__ screen.
///
/// How many entries there are, a text field that Enter adds as an entry, the hint or the last
/// message under it, and the entries (newest last), one selectable. Esc leaves the field for
/// the list, where d removes the selected entry and Tab or Enter goes back to the field; Esc
/// in the list is "Done".
@MainActor
final class __Feature__Screen: Screen {
  private let field = FormField(label: "Entry", placeholder: "type, then Enter")
  private let addTaps = PublishRelay<Void>()
  private let removals = PublishRelay<Int>()
  private let doneTaps = PublishRelay<Void>()
  private var items: [__Feature__Item] = []
  private var list = ListView(placeholder: "", isFocused: false, marker: "› ")
  private var visibleRows = 1
  private var summary = ""
  private var isAddEnabled = false
  private var hint: String?
  private var loadFailure: String?
  private var message: (text: String, isFailure: Bool)?
  private var isFieldFocused = true

  override init(host: ScreenHost) {
    super.init(host: host)
    let output = __Feature__ViewModel(service: host.services.__feature__, scheduler: host.scheduler)
      .transform(
        .init(
          text: field.text.asObservable(), addTaps: addTaps.asObservable(),
          removals: removals.asObservable(), doneTaps: doneTaps.asObservable()))
    bind(output.items) { [unowned self] in show($0 ?? []) }
    bind(output.summary) { [unowned self] in summary = $0 }
    bind(output.loadFailure) { [unowned self] in loadFailure = $0 }
    bind(output.isAddEnabled) { [unowned self] in isAddEnabled = $0 }
    bind(output.hint) { [unowned self] in hint = $0 }
    bind(output.added) { [unowned self] _ in field.set("") }
    bind(output.confirmation) { [unowned self] in message = ($0, false) }
    bind(output.errorMessage) { [unowned self] in message = ($0, true) }
    forward(output.route)
  }

  private func show(_ newItems: [__Feature__Item]) {
    let selectedId = list.selectedIndex.map { items[$0].id }
    items = newItems
    list.items = items.map { "\($0.id)  \($0.text)" }
    if let selectedId, let index = items.firstIndex(where: { $0.id == selectedId }) {
      list.selectedIndex = index
    }
  }

  override var isEditingText: Bool { isFieldFocused }

  override var hints: [KeyHint] {
    guard isFieldFocused else {
      return (items.isEmpty ? [] : [KeyHint("↑↓", "move"), KeyHint("d", "remove")]) + [
        KeyHint("Tab", "edit"), KeyHint("Esc", "done"), KeyHint("?", "help"), KeyHint("q", "quit"),
      ]
    }
    return (isAddEnabled ? [KeyHint("Enter", "add")] : [])
      + [KeyHint("Esc", "leave field"), KeyHint("Ctrl-C", "quit")]
  }

  override var helpKeys: [KeyHint] {
    [
      KeyHint("Enter", "add the text as an entry"), KeyHint("Esc", "leave the field for the list"),
      KeyHint("d", "remove the selected entry"), KeyHint("Tab", "edit the entry again"),
      KeyHint("Esc", "in the list: done, go back"),
    ]
  }

  override func handle(_ key: Key) -> Bool {
    guard isFieldFocused else {
      if list.handle(key, visibleRows: visibleRows) { return true }
      switch key {
      case .tab, .enter: focusField(true)
      case .escape: doneTaps.accept(())
      case .character("d"):
        guard let index = list.selectedIndex else { return true }
        removals.accept(items[index].id)
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
    focusField(false)
    return true
  }

  private func focusField(_ focused: Bool) {
    isFieldFocused = focused
    list.isFocused = !focused
    if !focused, list.selectedIndex == nil, !items.isEmpty { list.selectedIndex = items.count - 1 }
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
    } else if let loadFailure {
      buffer.write(loadFailure, in: below, style: theme.failure)
    } else if let hint {
      buffer.write(hint, in: below, style: theme.secondary)
    }
    visibleRows = max(1, rows[5].height)
    list.render(into: &buffer, rect: rows[5], theme: theme)
  }
}
