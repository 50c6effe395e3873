import CommandLineKit
import Models
import ReactiveCore
import ViewModels

/// `friends people`: the people whose posts make the timeline.
struct PeopleCommand: Command {
  static let spec = CommandSpec(
    name: "people", abstract: "List the people whose posts make the timeline.")

  init(_ parsed: ParsedCommand) throws(UsageError) {}

  func run(_ context: CommandContext) throws -> ExitCode {
    if let refused = context.open(.people, for: "list the people") { return refused }
    let output = PeopleViewModel(service: context.services.timeline).transform(.init())
    let bag = DisposeBag()
    var people: [Person]?
    var failure: String?
    output.errorMessage.emit(onNext: { failure = $0 }).disposed(by: bag)
    context.printer.spinner(while: output.isLoadingVisible, message: PeopleViewModel.loadingText)
      .disposed(by: bag)
    output.people.drive(onNext: { people = $0 }).disposed(by: bag)

    guard context.waiter.wait(until: { people != nil || failure != nil }) == .done else {
      return .interrupted
    }
    guard let people else {
      context.printer.error(failure ?? "Could not load people.")
      return .failure
    }
    if context.json {
      context.printer.document(people.map(PersonRecord.init))
    } else {
      context.printer.result(
        lines: TextFormat.people(
          people, style: context.printer.style, maxWidth: context.printer.width))
    }
    return .success
  }
}
