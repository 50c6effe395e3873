import CommandLineKit
import Models
import ReactiveCore
import ViewModels

/// `friends show ID`: one friend's detail screen.
struct ShowCommand: Command {
  static let spec = CommandSpec(
    name: "show", abstract: "Show one friend.",
    arguments: [
      .required("id", kind: .integer, help: "The friend's id, as 'friends list' shows it.")
    ])

  /// The friend's id.
  var id: Int

  init(_ parsed: ParsedCommand) throws(UsageError) {
    id = try parsed.int("id")
  }

  func run(_ context: CommandContext) throws -> ExitCode {
    if let refused = context.open(.friendDetail(id: id), for: "show friend \(id)") {
      return refused
    }
    let output = FriendDetailViewModel(service: context.services.friends, id: id)
      .transform(.init())
    let bag = DisposeBag()
    var friend: Friend?
    var failure: String?
    output.errorMessage.emit(onNext: { failure = Self.commandLineWording($0, id: id) })
      .disposed(by: bag)
    context.printer.spinner(while: output.isLoading, message: "Loading…").disposed(by: bag)
    output.friend.drive(onNext: { friend = $0 }).disposed(by: bag)

    guard context.waiter.wait(until: { friend != nil || failure != nil }) == .done else {
      return .interrupted
    }
    guard let friend else {
      context.printer.error(failure ?? "Friend \(id) could not be loaded.")
      return .failure
    }
    if context.json {
      context.printer.document(FriendRecord(friend))
    } else {
      context.printer.result(lines: TextFormat.friend(friend, style: context.printer.style))
    }
    return .success
  }
}

extension Command {
  /// The detail view model's message for the command line, where the id was typed rather than
  /// picked from a list: a friend that does not exist is "No friend has the id …", not "This
  /// friend no longer exists".
  static func commandLineWording(_ message: String, id: Int) -> String {
    message == FriendDetailViewModel.noLongerExistsText ? Friend.missingText(id: id) : message
  }
}
