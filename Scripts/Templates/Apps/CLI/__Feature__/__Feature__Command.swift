import CommandLineKit
import Foundation
import Models
import ReactiveCore
import ViewModels

extension Program {
  /// The __phrase__ feature's commands.
  static let __feature__Commands: [any Command.Type] = [__Feature__Command.self]
}

/// `__app__ __command__ list`, `__app__ __command__ add TEXT`, `__app__ __command__ remove ID`:
/// the __phrase__ screen, once loaded, then the change asked for.
struct __Feature__Command: Command {
  static let spec = CommandSpec(
    name: "__command__", abstract: "List, add or remove __phrase__ entries.",
    discussion: """
      'list' prints the entries, oldest first; 'add TEXT' adds one; 'remove ID' removes the
      entry with that id, as 'list' shows it. A text that is empty or too long, or an id that
      no entry has, is refused with a message and exit status 1. With --json, prints the
      entries, the entry added or the id removed as JSON.
      """,
    arguments: [
      .required("action", help: "What to do: list, add or remove."),
      .optional("value", help: "The text to add, or the id to remove."),
    ])

  /// What the command does.
  enum Action: Equatable {
    case list
    case add(String)
    case remove(Int)
  }

  /// What the command does.
  var action: Action

  init(_ parsed: ParsedCommand) throws(UsageError) {
    let value: String? = parsed.value("value")
    switch parsed.value("action") ?? "" {
    case "list":
      guard value == nil else { throw UsageError("'list' takes no value, got '\(value ?? "")'") }
      action = .list
    case "add":
      guard let value else { throw UsageError("'add' needs the text to add") }
      action = .add(value)
    case "remove":
      guard let value else { throw UsageError("'remove' needs the id of the entry to remove") }
      guard let id = Int(value) else {
        throw UsageError("the id to remove must be an integer, got '\(value)'")
      }
      action = .remove(id)
    case let other:
      throw UsageError("unknown action '\(other)': use list, add or remove")
    }
  }

  func run(_ context: CommandContext) throws -> ExitCode {
    if let refused = context.open(.__feature__, for: "work with the __phrase__") {
      return refused
    }
    let text = PublishRelay<String>()
    let addTaps = PublishRelay<Void>()
    let removals = PublishRelay<Int>()
    let output = __Feature__ViewModel(
      service: context.services.__feature__, scheduler: context.scheduler
    )
    .transform(
      .init(
        text: text.asObservable(), addTaps: addTaps.asObservable(),
        removals: removals.asObservable()))

    let bag = DisposeBag()
    var items: [__Feature__Item]?
    var loadFailure: String?
    var added: __Feature__Item?
    var removed: Int?
    var failure: String?
    var confirmation = ""
    output.items.drive(onNext: { items = $0 ?? items }).disposed(by: bag)
    output.loadFailure.drive(onNext: { loadFailure = $0 }).disposed(by: bag)
    output.added.emit(onNext: { added = $0 }).disposed(by: bag)
    output.removed.emit(onNext: { removed = $0 }).disposed(by: bag)
    output.confirmation.emit(onNext: { confirmation = $0 }).disposed(by: bag)
    output.errorMessage.emit(onNext: { failure = $0 }).disposed(by: bag)
    context.printer.spinner(while: output.isLoading, message: "Loading…").disposed(by: bag)

    guard context.waiter.wait(until: { items != nil || loadFailure != nil }) == .done else {
      return .interrupted
    }
    if let loadFailure, items == nil {
      context.printer.error(loadFailure)
      return .failure
    }
    switch action {
    case .list:
      let items = items ?? []
      if context.json {
        context.printer.document(items.map(__Feature__Record.init))
      } else if items.isEmpty {
        context.printer.note(__Feature__ViewModel.summary(count: 0))
      } else {
        context.printer.result(lines: items.map { "\($0.id)  \($0.text)" })
      }
      return .success
    case .add(let value):
      text.accept(value)
      addTaps.accept(())
      guard context.waiter.wait(until: { added != nil || failure != nil }) == .done else {
        return .interrupted
      }
    case .remove(let id):
      removals.accept(id)
      guard context.waiter.wait(until: { removed != nil || failure != nil }) == .done else {
        return .interrupted
      }
    }
    if let failure {
      context.printer.error(failure)
      return .failure
    }
    if context.json {
      if let added { context.printer.document(__Feature__Record(added)) }
      if let removed { context.printer.document(["removed": removed]) }
    } else {
      context.printer.result(confirmation)
    }
    return .success
  }
}

/// An entry, as `--json` prints it.
struct __Feature__Record: Encodable, Equatable {
  var id: Int
  var text: String
  /// When it was added, in ISO 8601 (UTC, with milliseconds when there are some).
  var createdAt: String

  init(_ item: __Feature__Item) {
    id = item.id
    text = item.text
    createdAt = Timestamp.text(item.createdAt)
  }
}
