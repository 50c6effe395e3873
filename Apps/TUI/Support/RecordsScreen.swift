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
/// and empties it. Esc leaves the form for the list, where d removes the selected record,
/// e or Enter edits it in the form, and Tab goes back to the form; Esc in the list is "Done".
/// An edit's Enter saves the record and goes back to the list, and its Esc drops what was
/// typed; either way the form adds again after it.
@MainActor
final class RecordsScreen<Record: DeclaredRecord>: Screen {
  private typealias Form = RecordFormViewModel<Record>
  private let service: any RecordsService<Record>
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
  /// The record the form edits, or `nil` while it adds.
  private var editing: Record?
  /// The bindings of the form's view model, made again for each add or edit.
  private var formBag = DisposeBag()
  /// What the adding form held when an edit started, given back to it when the edit ends.
  private var keptAddition: [String]?

  /// Creates the screen over `service`.
  init(host: ScreenHost, service: any RecordsService<Record>) {
    self.service = service
    fields = Record.Draft.fields.map { FormField(label: $0.label, placeholder: $0.typeName) }
    super.init(host: host)
    let listOutput = RecordListViewModel(service: service)
      .transform(.init(removals: removals.asObservable(), doneTaps: doneTaps.asObservable()))
    bind(listOutput.items) { [unowned self] in show($0 ?? []) }
    bind(listOutput.summary) { [unowned self] in summary = $0 }
    bind(listOutput.loadFailure) { [unowned self] in loadFailure = $0 }
    bind(listOutput.confirmation) { [unowned self] in message = ($0, false) }
    bind(listOutput.errorMessage) { [unowned self] in message = ($0, true) }
    forward(listOutput.route)
    startForm(editing: nil)
  }

  /// Binds the form to a new view model: one that adds a record after another, or one that
  /// edits `record` (its fields filled with the record's once loaded).
  private func startForm(editing record: Record?) {
    formBag = DisposeBag()
    if editing == nil, record != nil { keptAddition = fields.map(\.value) }
    editing = record
    let mode: Form.Mode = record.map { .edit(id: $0.id) } ?? .addEach
    let declared = Record.Draft.fields
    let form = Form(service: service, mode: mode).transform(
      .init(
        fields: Dictionary(
          uniqueKeysWithValues: zip(declared.map(\.name), fields.map { $0.text.asObservable() })),
        saveTaps: saveTaps.asObservable(), leftFields: leftFields.asObservable()))
    for (field, widget) in zip(declared, fields) {
      widget.message = nil
      if let messages = form.messages[field.name] {
        bind(messages, in: formBag) { widget.message = $0 }
      }
      if let texts = form.initialTexts[field.name] {
        bind(texts, in: formBag) { widget.set($0) }
      }
    }
    bind(form.outcome, in: formBag) { [unowned self] outcome in
      switch outcome {
      case .saved: break  // said by `savedMessage`
      case .refused: message = ("Fix the fields marked below them.", true)
      case .conflict(let text), .failed(let text): message = (text, true)
      }
    }
    bind(form.errorMessage, in: formBag) { [unowned self] in message = ($0, true) }
    bind(form.savedMessage, in: formBag) { [unowned self] text in
      message = (text, false)
      // An edit ends with its save: back to the list, and the form adds again. An addition
      // leaves the emptied form, ready for the next from its first field (set without
      // leaving the field, which would show the emptied field's message).
      if editing != nil {
        startForm(editing: nil)
        move(to: nil)
      } else if focus != nil {
        focus = 0
      }
    }
    if record == nil, let kept = keptAddition {
      keptAddition = nil
      for (widget, text) in zip(fields, kept) { widget.set(text) }
    }
  }

  override func close() {
    formBag = DisposeBag()
    super.close()
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
      let onRecords =
        items.isEmpty
        ? [] : [KeyHint("↑↓", "move"), KeyHint("e", "edit"), KeyHint("d", "delete")]
      return onRecords + [
        KeyHint("Tab", "form"), KeyHint("Esc", "done"), KeyHint("?", "help"), KeyHint("q", "quit"),
      ]
    }
    // The bar drops hints from the one before its last two: how to leave the form (or drop
    // an edit) outlasts how to move between fields.
    return [
      KeyHint("Enter", editing == nil ? "add" : "save"),
      KeyHint("Esc", editing == nil ? "leave form" : "cancel edit"), KeyHint("Tab", "next field"),
      KeyHint("Ctrl-C", "quit"),
    ]
  }

  override var helpKeys: [KeyHint] {
    [
      KeyHint("Tab", "next field of the form"), KeyHint("Shift-Tab", "field before"),
      KeyHint("Enter", "add the form's fields as a record, or save the edited one"),
      KeyHint("Esc", "leave the form for the list, dropping an edit"),
      KeyHint("e", "in the list: edit the selected record (or Enter)"),
      KeyHint("d", "delete the selected record"), KeyHint("Esc", "in the list: done, go back"),
    ]
  }

  override func handle(_ key: Key) -> Bool {
    guard let focus else {
      if list.handle(key, visibleRows: visibleRows) { return true }
      switch key {
      case .tab: move(to: 0)
      case .enter, .character("e"):
        guard let index = list.selectedIndex, items.indices.contains(index) else {
          move(to: 0)
          return true
        }
        message = nil
        startForm(editing: items[index])
        move(to: 0)
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
    if editing != nil { startForm(editing: nil) }
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
    if let editing {
      buffer.write(
        "\(Form.title(for: .edit(id: editing.id))) \(editing.id)", in: rows[1],
        style: theme.secondary)
    }
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
