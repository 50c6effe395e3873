import CommandLineKit
import ReactiveCore
import ViewModels

/// `__app__ __command__ [ENTRY]`: the __phrase__ screen.
///
/// Adds one entry, or types each line of standard input into the field and adds it.
struct __Feature__Command: Command {
  static let spec = CommandSpec(
    name: "__command__", abstract: "Add entries on the __phrase__ screen.",
    discussion: """
      With an entry, adds it. Without one, each line of standard input is typed into the
      field and added. Prints each entry as it is added, then how many there are. An entry
      that is empty or too long is refused with a message, and the command then exits with
      status 1. With --json, prints the entries as one JSON document at the end.
      """,
    arguments: [.optional("entry", help: "The text of the entry to add.")])

  /// The entry to add, or `nil` to read entries from standard input.
  var entry: String?

  init(_ parsed: ParsedCommand) throws(UsageError) {
    entry = parsed.value("entry")
  }

  func run(_ context: CommandContext) throws -> ExitCode {
    if let refused = context.open(.__feature__) { return refused }
    if entry == nil, context.prompt.isInteractive {
      context.printer.note("Type an entry and press Enter, as often as you like; Ctrl-D ends.")
    }
    let text = PublishRelay<String>()
    let addTaps = PublishRelay<Void>()
    let output = __Feature__ViewModel(scheduler: context.scheduler).transform(
      .init(text: text.asObservable(), addTaps: addTaps.asObservable()))

    let bag = DisposeBag()
    var typed = 0
    var answered = 0
    var refused = 0
    var inputEnded = false
    var entries: [String] = []
    var summary = ""
    output.errorMessage.emit(onNext: { message in
      answered += 1
      refused += 1
      context.printer.error(message)
    }).disposed(by: bag)
    output.confirmation.emit(onNext: { message in
      answered += 1
      if !context.json { context.printer.result(message) }
    }).disposed(by: bag)
    output.entries.drive(onNext: { entries = $0 }).disposed(by: bag)
    output.summary.drive(onNext: { summary = $0 }).disposed(by: bag)

    // Each entry is typed into the field, then "Add" is tapped.
    let typing = entry.map { Observable.just($0) } ?? context.lines()
    typing.subscribe(
      onNext: { line in
        typed += 1
        text.accept(line)
        addTaps.accept(())
      },
      onCompleted: { inputEnded = true }
    ).disposed(by: bag)

    let isDone = { inputEnded && answered == typed && entries.count == typed - refused }
    guard context.waiter.wait(until: isDone) == .done else { return .interrupted }
    if context.json {
      context.printer.document(__Feature__Record(entries: entries))
    } else {
      context.printer.result(summary)
    }
    return refused > 0 ? .failure : .success
  }
}

/// The entries, as `--json` prints them: `{"entries": […]}`.
private struct __Feature__Record: Encodable {
  var entries: [String]
}
