import CommandLineKit
import Models
import ReactiveCore
import Services
import ViewModels

/// What a command over records whose fields are declared does: `list`, `show ID`, `add`
/// with one option per field, `edit ID` with the options to change, `remove ID`. Its
/// command's spec, its reading from the command line and its running are written here once
/// for every such record (see ``DeclaredDraft``).
enum RecordsAction<Record: DeclaredRecord>: Equatable {
  case list
  case show(id: Int)
  case add([String: String])
  case edit(id: Int, [String: String])
  case remove(id: Int)

  typealias Draft = Record.Draft

  /// The command `name` (such as `ingredients`), whose help names the records as its
  /// messages do, by the draft's record word ("List, show, add, edit or remove
  /// ingredients.", "No ingredient has the id 7.").
  static func spec(name: String) -> CommandSpec {
    let fields = Draft.fields
    let required = fields.filter { !$0.isOptional && !($0.typeName == "Bool") }
    return CommandSpec(
      name: name, abstract: "List, show, add, edit or remove \(Draft.recordPlural).",
      discussion: """
        'list' prints the \(Draft.recordPlural), oldest first; 'show ID' prints one; 'add' adds \
        one from the options (\(required.map(\.option).joined(separator: ", ")) needed); \
        'edit ID' changes the fields given; 'remove ID' removes one. A value of the wrong \
        type is a usage error (status 64); one a rule refuses, or an id no \(Draft.recordWord) \
        has, exits with status 1 and says why. With --json, prints JSON.
        """,
      arguments: [
        .required("action", help: "What to do: list, show, add, edit or remove."),
        .optional("id", help: "The id of the \(Draft.recordWord) to show, edit or remove."),
      ],
      options: fields.map { field in
        OptionSpec(
          String(field.option.dropFirst(2)), valueName: field.typeName,
          help: "\(field.label): \(field.expected).")
      })
  }

  /// Reads the action from the command line: a value that is not of its field's type is a
  /// usage error naming the option and the type expected.
  init(_ parsed: ParsedCommand) throws(UsageError) {
    let id: String? = parsed.value("id")
    var texts: [String: String] = [:]
    var scratch = Draft()
    for field in Draft.fields {
      guard let text = parsed.value(String(field.option.dropFirst(2))) else { continue }
      do throws(FieldError) {
        try field.set(text, in: &scratch)
      } catch {
        throw UsageError(
          "\(field.option) must be \(field.expected) (\(field.typeName)), got '\(text)'")
      }
      texts[field.name] = text
    }
    func identifier(_ verb: String) throws(UsageError) -> Int {
      guard let id else { throw UsageError("'\(verb)' needs the id of the \(Draft.recordWord)") }
      guard let value = Int(id) else {
        throw UsageError("the id to \(verb) must be an integer, got '\(id)'")
      }
      return value
    }
    let action = parsed.value("action") ?? ""
    guard texts.isEmpty || action == "add" || action == "edit" else {
      throw UsageError("'\(action)' takes no field options")
    }
    switch action {
    case "list":
      guard id == nil else { throw UsageError("'list' takes no id, got '\(id ?? "")'") }
      self = .list
    case "show": self = .show(id: try identifier("show"))
    case "remove": self = .remove(id: try identifier("remove"))
    case "edit":
      let id = try identifier("edit")
      guard !texts.isEmpty else {
        throw UsageError("'edit' needs at least one field to change, such as \(Self.example)")
      }
      self = .edit(id: id, texts)
    case "add":
      guard id == nil else { throw UsageError("'add' takes no id, got '\(id ?? "")'") }
      let missing = Draft.fields.filter {
        !$0.isOptional && $0.typeName != "Bool" && texts[$0.name] == nil
      }
      guard missing.isEmpty else {
        throw UsageError("'add' needs \(missing.map(\.option).joined(separator: ", "))")
      }
      self = .add(texts)
    case let other:
      throw UsageError("unknown action '\(other)': use list, show, add, edit or remove")
    }
  }

  private static var example: String { Draft.fields.first.map { "\($0.option) VALUE" } ?? "" }

  /// Runs the action through the list and form view models over `service`.
  @MainActor
  func run(_ context: CommandContext, service: any RecordsService<Record>) -> ExitCode {
    switch self {
    case .list, .show, .remove: return runList(context, service)
    case .add(let texts): return runForm(context, service, mode: .add, texts)
    case .edit(let id, let texts): return runForm(context, service, mode: .edit(id: id), texts)
    }
  }

  @MainActor
  private func runList(_ context: CommandContext, _ service: any RecordsService<Record>)
    -> ExitCode
  {
    let removals = PublishRelay<Int>()
    let output = RecordListViewModel(service: service)
      .transform(.init(removals: removals.asObservable()))
    let bag = DisposeBag()
    var items: [Record]?
    var loadFailure: String?
    var outcome: Result<String, Failure>?
    output.items.drive(onNext: { items = $0 ?? items }).disposed(by: bag)
    output.loadFailure.drive(onNext: { loadFailure = $0 }).disposed(by: bag)
    output.confirmation.emit(onNext: { outcome = .success($0) }).disposed(by: bag)
    output.errorMessage.emit(onNext: { outcome = .failure(Failure($0)) }).disposed(by: bag)
    context.printer.spinner(while: output.isLoading, message: "Loading…").disposed(by: bag)
    guard context.waiter.wait(until: { items != nil || loadFailure != nil }) == .done else {
      return .interrupted
    }
    guard let items else {
      context.printer.error(loadFailure ?? "")
      return .failure
    }
    switch self {
    case .show(let id):
      guard let record = items.first(where: { $0.id == id }) else {
        context.printer.error(Record.missingText(id: id))
        return .failure
      }
      print(record, context)
    case .remove(let id):
      removals.accept(id)
      guard context.waiter.wait(until: { outcome != nil }) == .done else { return .interrupted }
      switch outcome {
      case .failure(let failure)?:
        context.printer.error(failure.message)
        return .failure
      case .success(let confirmation)?:
        if context.json {
          context.printer.document(["removed": id])
        } else {
          context.printer.result(confirmation)
        }
      case nil: break
      }
    default:
      if context.json {
        context.printer.document(items)
      } else if items.isEmpty {
        context.printer.note(RecordListViewModel<Record>.summary(count: 0))
      } else {
        context.printer.result(lines: items.map { "\($0.id)  \(Self.line($0))" })
      }
    }
    return .success
  }

  @MainActor
  private func runForm(
    _ context: CommandContext, _ service: any RecordsService<Record>,
    mode: RecordFormViewModel<Record>.Mode, _ texts: [String: String]
  ) -> ExitCode {
    let drafts = PublishRelay<Draft>()
    let output = RecordFormViewModel(service: service, mode: mode)
      .transform(.init(drafts: drafts.asObservable()))
    let form = OneShotForm(
      initialValues: output.initialValues, errorMessage: output.errorMessage,
      isLoading: output.isLoading, outcome: output.outcome, drafts: drafts,
      fields: Draft.fields.map(\.name))
    // The types were checked when the command line was read.
    switch form.save(context, { RecordFormViewModel<Record>.read(texts, over: $0).draft }) {
    case .success(let record):
      if context.json {
        context.printer.document(record)
      } else {
        let verb = mode == .add ? "Added" : "Saved"
        context.printer.result(
          "\(verb) \(RecordListViewModel<Record>.title(of: record)) (id \(record.id)).")
      }
      return .success
    case .failure(let failed): return failed.code
    }
  }

  /// Prints one record: its fields, one per line, or its JSON.
  @MainActor
  private func print(_ record: Record, _ context: CommandContext) {
    if context.json { return context.printer.document(record) }
    let rows =
      [("Id", String(record.id))] + record.draft.labelledTexts.map { ($0.label, $0.text) }
      + [("Added", Timestamp.text(record.createdAt))]
    let width = rows.map(\.0.count).max() ?? 0
    context.printer.result(
      lines: rows.map { $0.0 + ":" + String(repeating: " ", count: width - $0.0.count + 2) + $0.1 })
  }

  /// A record on one line of `list`: its fields' texts, those not empty, two spaces apart.
  static func line(_ record: Record) -> String {
    record.draft.labelledTexts.map(\.text).filter { !$0.isEmpty }.joined(separator: "  ")
  }
}

/// A message a removal failed with.
private struct Failure: Error, Equatable {
  var message: String
  init(_ message: String) { self.message = message }
}
