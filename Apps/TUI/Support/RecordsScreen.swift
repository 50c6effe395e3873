import Models
import ReactiveCore
import Services
import TerminalUI
import ViewModels

/// The screen of any record whose draft declares its fields (``DeclaredDraft``): how many
/// there are, a form with one field per declared field (its message under it), the records
/// (one line each, newest last, one selectable) and the selected record's fields.
///
/// Tab and Shift-Tab move between the form's fields; Enter saves the form as a new record
/// and empties it. Esc leaves the form for the list, where d removes the selected record and
/// Tab or Enter goes back to the form; Esc in the list is "Done".
@MainActor
final class RecordsScreen<Record: DeclaredRecord>: Screen {
  private let fields: [FormField]
  private let saveTaps = PublishRelay<Void>()
  private let leftFields = PublishRelay<String>()
  private let removals = PublishRelay<Int>()
  private let doneTaps = PublishRelay<Void>()
  private var items: [Record] = []
  private var list = ListView(placeholder: "", isFocused: false, marker: "› ")
  private var visibleRows = 1
  private var summary = ""
  private var loadFailure: String?
  private var message: (text: String, isFailure: Bool)?
  /// The form's field with the focus, or `nil` for the list.
  private var focus: Int? = 0

  /// Creates the screen over `service`.
  init(host: ScreenHost, service: any RecordsService<Record>) {
    let declared = Record.Draft.fields
    fields = declared.map { FormField(label: $0.label, placeholder: $0.typeName) }
    super.init(host: host)
    let listOutput = RecordListViewModel(service: service)
      .transform(.init(removals: removals.asObservable(), doneTaps: doneTaps.asObservable()))
    let form = RecordFormViewModel(service: service, mode: .addEach).transform(
      .init(
        fields: Dictionary(
          uniqueKeysWithValues: zip(declared.map(\.name), fields.map { $0.text.asObservable() })),
        saveTaps: saveTaps.asObservable(), leftFields: leftFields.asObservable()))
    bind(listOutput.items) { [unowned self] in show($0 ?? []) }
    bind(listOutput.summary) { [unowned self] in summary = $0 }
    bind(listOutput.loadFailure) { [unowned self] in loadFailure = $0 }
    bind(listOutput.confirmation) { [unowned self] in message = ($0, false) }
    bind(listOutput.errorMessage) { [unowned self] in message = ($0, true) }
    for (field, widget) in zip(declared, fields) {
      if let messages = form.messages[field.name] {
        bind(messages) { widget.message = $0 }
      }
      if let texts = form.initialTexts[field.name] {
        bind(texts) { widget.set($0) }
      }
    }
    bind(form.outcome) { [unowned self] outcome in
      switch outcome {
      case .saved: break  // said by `savedMessage`
      case .refused: message = ("Fix the fields marked below them.", true)
      case .conflict(let text), .failed(let text): message = (text, true)
      }
    }
    bind(form.savedMessage) { [unowned self] in message = ($0, false) }
    forward(listOutput.route)
  }

  private func show(_ newItems: [Record]) {
    let selectedId = list.selectedIndex.map { items[$0].id }
    items = newItems
    list.items = items.map { "\($0.id)  \(RecordsScreen.line($0))" }
    if let selectedId, let index = items.firstIndex(where: { $0.id == selectedId }) {
      list.selectedIndex = index
    }
  }

  /// A record on one line: its fields' texts, those not empty, two spaces apart.
  static func line(_ record: Record) -> String {
    record.draft.labelledTexts.map(\.text).filter { !$0.isEmpty }.joined(separator: "  ")
  }

  override var isEditingText: Bool { focus != nil }

  override var hints: [KeyHint] {
    guard focus != nil else {
      return (items.isEmpty ? [] : [KeyHint("↑↓", "move"), KeyHint("d", "delete")]) + [
        KeyHint("Tab", "form"), KeyHint("Esc", "done"), KeyHint("?", "help"), KeyHint("q", "quit"),
      ]
    }
    return [
      KeyHint("Enter", "add"), KeyHint("Tab", "next field"), KeyHint("Esc", "leave form"),
      KeyHint("Ctrl-C", "quit"),
    ]
  }

  override var helpKeys: [KeyHint] {
    [
      KeyHint("Tab", "next field of the form"), KeyHint("Shift-Tab", "field before"),
      KeyHint("Enter", "add the form's fields as a record"),
      KeyHint("Esc", "leave the form for the list"), KeyHint("d", "delete the selected record"),
      KeyHint("Esc", "in the list: done, go back"),
    ]
  }

  override func handle(_ key: Key) -> Bool {
    guard let focus else {
      if list.handle(key, visibleRows: visibleRows) { return true }
      switch key {
      case .tab, .enter: move(to: 0)
      case .escape: doneTaps.accept(())
      case .character("d"):
        guard let index = list.selectedIndex, items.indices.contains(index) else { return true }
        let record = items[index]
        let question = RecordListViewModel<Record>.deletionQuestion(for: record)
        host?.present(.deletion(question), from: self) { [weak self] outcome in
          if outcome == .confirmed { self?.removals.accept(record.id) }
        }
      default: return false
      }
      return true
    }
    switch key {
    case .enter: saveTaps.accept(())
    case .tab: move(to: (focus + 1) % max(1, fields.count))
    case .backTab: move(to: (focus + fields.count - 1) % max(1, fields.count))
    default:
      // Esc is not the field's: the application makes it leave the form.
      guard fields.indices.contains(focus), fields[focus].handle(key) else { return false }
      message = nil
    }
    return true
  }

  override func leaveTextField() -> Bool {
    guard focus != nil else { return false }
    move(to: nil)
    return true
  }

  private func move(to field: Int?) {
    if let focus, Record.Draft.fields.indices.contains(focus) {
      leftFields.accept(Record.Draft.fields[focus].name)
    }
    focus = field
    list.isFocused = field == nil
    if field == nil, list.selectedIndex == nil, !items.isEmpty {
      list.selectedIndex = items.count - 1
    }
  }

  override func render(into buffer: inout ScreenBuffer, rect: Rect, context: RenderContext) {
    let theme = context.theme
    let area = rect.inset(top: 1, left: 2)
    let labelWidth = min(20, (fields.map(\.label.count).max() ?? 0) + 2)
    let formRows = fields.count * 2
    let rows = area.rows([.fixed(1), .fixed(1), .fixed(formRows), .fixed(1), .fill, .fixed(2)])
    buffer.write(summary, in: rows[0], style: theme.title)
    let form = rows[2].rows(Array(repeating: .fixed(1), count: formRows))
    for (index, field) in fields.enumerated() {
      field.render(
        into: &buffer,
        rect: form[index * 2].inset(right: max(0, form[index * 2].width - labelWidth - 40)),
        labelWidth: labelWidth, isFocused: focus == index, theme: theme)
      if let problem = field.message {
        buffer.write(
          problem, in: form[index * 2 + 1].inset(left: labelWidth), style: theme.secondary)
      }
    }
    if let message {
      buffer.write(
        message.text, in: rows[3], style: message.isFailure ? theme.failure : theme.success)
    } else if let loadFailure {
      buffer.write(loadFailure, in: rows[3], style: theme.failure)
    }
    visibleRows = max(1, rows[4].height)
    list.render(into: &buffer, rect: rows[4], theme: theme)
    if let index = list.selectedIndex, items.indices.contains(index) {
      let detail = items[index].draft.labelledTexts.map { "\($0.label): \($0.text)" }
      buffer.write(detail.joined(separator: "  "), in: rows[5].row(0), style: theme.secondary)
    }
  }
}
