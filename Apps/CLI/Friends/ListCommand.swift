import CommandLineKit
import Models
import ReactiveCore
import ViewModels

/// `friends list`: the friends list screen, once loaded.
struct ListCommand: Command {
  static let spec = CommandSpec(name: "list", abstract: "List your friends.")

  init(_ parsed: ParsedCommand) throws(UsageError) {}

  func run(_ context: CommandContext) throws -> ExitCode {
    if let refused = context.open(.friends, for: "list the friends") { return refused }
    let output = FriendsListViewModel(
      service: context.services.friends, scheduler: context.scheduler
    )
    .transform(.init())
    let bag = DisposeBag()
    var cells: [FriendCellType]?
    var failure: FriendsListViewModel.LoadFailure?
    output.loadFailure.drive(onNext: { failure = $0 }).disposed(by: bag)
    context.printer.spinner(while: output.isLoading, message: "Loading friends…")
      .disposed(by: bag)
    output.cells.drive(onNext: { cells = cells ?? $0 }).disposed(by: bag)

    guard context.waiter.wait(until: { cells != nil }) == .done else { return .interrupted }
    var friends: [Friend] = []
    var isEmpty = false
    for cell in cells ?? [] {
      switch cell {
      case .normal(let row): friends.append(row.friend)
      case .empty: isEmpty = true
      case .error(let message):
        context.printer.error(failure?.text ?? message)
        return .failure
      }
    }
    if context.json {
      context.printer.document(friends.map(FriendRecord.init))
    } else if isEmpty {
      // The cell's "No data available" is the view model's; the command line names its command.
      context.printer.note("No friends yet. Add one with '\(context.commandLine("add"))'.")
    } else {
      context.printer.result(
        lines: TextFormat.friends(
          friends, style: context.printer.style, maxWidth: context.printer.width))
    }
    return .success
  }
}
