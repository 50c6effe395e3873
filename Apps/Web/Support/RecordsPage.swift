import Models
import ReactiveCore
import Services
import ViewModels
import WebUI

/// The page of any record whose draft declares its fields (``DeclaredDraft``): how many
/// there are, a form with one field per declared field (its message under it, as the user
/// types and leaves it), and the records, each with Edit and Delete (after a confirmation on
/// the page). The form adds one record after another; Edit fills it with a record, and Save
/// or Cancel ends the edit. The terminal front's `RecordsScreen` shows the same view models.
@MainActor
final class RecordsPage<Record: DeclaredRecord>: WebScreen {
  private typealias Form = RecordFormViewModel<Record>
  private let heading: String
  private let service: any RecordsService<Record>
  private let texts: [BehaviorRelay<String>]
  private var messages: [String?]
  private let saveTaps = PublishRelay<Void>()
  private let leftFields = PublishRelay<String>()
  private let removals = PublishRelay<Int>()
  private var items: [Record] = []
  private var summary = ""
  private var loadFailure: String?
  private var isLoading = false
  private var message: (text: String, isFailure: Bool)?
  /// The record the form edits, or `nil` while it adds.
  private var editing: Record?
  /// The record whose deletion waits for the user's answer.
  private var deletion: Record?
  /// The bindings of the form's view model, made again for each add or edit.
  private var formBag = DisposeBag()
  /// What the adding form held when an edit started, given back to it when the edit ends.
  private var keptAddition: [String]?

  /// Creates the page over `service`, headed `heading` (the scene's title).
  init(host: WebScreenHost, heading: String, service: any RecordsService<Record>) {
    self.heading = heading
    self.service = service
    texts = Record.Draft.fields.map { _ in BehaviorRelay(value: "") }
    messages = Record.Draft.fields.map { _ in nil }
    super.init(host: host)
    let list = RecordListViewModel(service: service)
      .transform(.init(removals: removals.asObservable()))
    bind(list.items) { [unowned self] in items = $0 ?? [] }
    bind(list.summary) { [unowned self] in summary = $0 }
    bind(list.loadFailure) { [unowned self] in loadFailure = $0 }
    bind(list.isLoading) { [unowned self] in isLoading = $0 }
    bind(list.confirmation) { [unowned self] in message = ($0, false) }
    bind(list.errorMessage) { [unowned self] in message = ($0, true) }
    forward(list.route)
    startForm(editing: nil)
  }

  override var isBusy: Bool { isLoading }

  override func close() {
    formBag = DisposeBag()
    super.close()
  }

  /// Binds the form to a new view model: one that adds a record after another, or one that
  /// edits `record`.
  private func startForm(editing record: Record?) {
    formBag = DisposeBag()
    if editing == nil, record != nil { keptAddition = texts.map(\.value) }
    editing = record
    let declared = Record.Draft.fields
    let form = Form(service: service, mode: record.map { .edit(id: $0.id) } ?? .addEach)
      .transform(
        .init(
          fields: Dictionary(
            uniqueKeysWithValues: zip(declared.map(\.name), texts.map { $0.asObservable() })),
          saveTaps: saveTaps.asObservable(), leftFields: leftFields.asObservable()))
    for (index, field) in declared.enumerated() {
      messages[index] = nil
      form.messages[field.name]?.drive(onNext: { [unowned self] in
        messages[index] = $0
        host?.setNeedsDisplay()
      }).disposed(by: formBag)
      form.initialTexts[field.name]?.drive(onNext: { [unowned self] in
        texts[index].accept($0)
        host?.setNeedsDisplay()
      }).disposed(by: formBag)
    }
    form.outcome.emit(onNext: { [unowned self] outcome in
      switch outcome {
      case .saved: break  // said by `savedMessage`
      case .refused: message = ("Fix the fields marked below them.", true)
      case .conflict(let text), .failed(let text): message = (text, true)
      }
      host?.setNeedsDisplay()
    }).disposed(by: formBag)
    form.errorMessage.emit(onNext: { [unowned self] in
      message = ($0, true)
      host?.setNeedsDisplay()
    }).disposed(by: formBag)
    form.savedMessage.emit(onNext: { [unowned self] text in
      message = (text, false)
      if editing != nil { startForm(editing: nil) }
      host?.setNeedsDisplay()
    }).disposed(by: formBag)
    if record == nil, let kept = keptAddition {
      keptAddition = nil
      for (relay, text) in zip(texts, kept) { relay.accept(text) }
    }
  }

  override func handle(_ input: WebInput) -> Bool {
    let declared = Record.Draft.fields
    if let index = declared.firstIndex(where: { "field-\($0.name)" == input.name }) {
      message = nil
      texts[index].accept(input.value)
      return true
    }
    switch input.name {
    case "left":
      leftFields.accept(String(input.value.dropFirst("field-".count)))
    case "save":
      saveTaps.accept(())
    case "cancel-edit":
      startForm(editing: nil)
    case "edit":
      guard let record = items.first(where: { String($0.id) == input.value }) else { return true }
      message = nil
      startForm(editing: record)
    case "delete":
      deletion = items.first { String($0.id) == input.value }
    case "confirm-delete":
      if let deletion { removals.accept(deletion.id) }
      deletion = nil
    case "keep":
      deletion = nil
    case "escape" where deletion != nil:
      deletion = nil
    case "escape" where editing != nil:
      startForm(editing: nil)
    default:
      return false
    }
    return true
  }

  override func render() -> HTML {
    let declared = Record.Draft.fields
    let title = editing.map { "\(Form.title(for: .edit(id: $0.id))) \($0.id)" }
    return HTML {
      HTML(.h1) { heading }
      HTML(.p, .class("hint")) { summary }
      HTML(
        .form, .method("POST"), .data("submit", "save"),
        .aria("label", title ?? Form.title(for: .addEach))
      ) {
        if let title { HTML(.h2) { title } }
        for (index, field) in declared.enumerated() {
          FormMarkup.field(
            field.label, name: "field-\(field.name)", value: texts[index].value,
            placeholder: field.typeName, message: messages[index],
            isInvalid: messages[index] != nil, isFocused: index == 0, example: field.example)
        }
        HTML(.div, .class("actions")) {
          FormMarkup.button(
            editing == nil ? "Add" : "Save", tap: "save", isPrimary: true, type: "submit")
          if editing != nil { FormMarkup.button("Cancel edit", tap: "cancel-edit") }
        }
      }
      if let deletion {
        let question = RecordListViewModel<Record>.deletionQuestion(for: deletion)
        HTML(.section, .role("alertdialog"), .aria("label", question.title)) {
          HTML(.p) { question.message }
          HTML(.div, .class("actions")) {
            FormMarkup.button(question.confirm, tap: "confirm-delete", isPrimary: true)
            FormMarkup.button(question.cancel, tap: "keep")
          }
        }
      }
      FormMarkup.status(
        busy: isLoading ? "Loading…" : nil,
        failure: message?.isFailure == true ? message?.text : loadFailure,
        note: message?.isFailure == false ? message?.text : nil)
      HTML(.ul, .class("records"), .aria("label", Record.Draft.recordPlural)) {
        for record in items {
          let id = String(record.id)
          HTML(.li, .id("record-\(id)")) {
            HTML(.span) {
              record.draft.labelledTexts.map(\.text).filter { !$0.isEmpty }.joined(separator: " · ")
            }
            FormMarkup.button("Edit", tap: "edit", value: id)
            FormMarkup.button("Delete", tap: "delete", value: id)
          }
        }
      }
    }
  }
}
