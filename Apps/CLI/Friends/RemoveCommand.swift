import CommandLineKit
import Models
import ReactiveCore
import ViewModels

/// `friends remove ID`: the friend's detail screen, then "Delete".
struct RemoveCommand: Command {
  static let spec = CommandSpec(
    name: "remove", abstract: "Remove a friend.",
    arguments: [
      .required("id", kind: .integer, help: "The friend's id, as 'friends list' shows it.")
    ])

  /// The friend's id.
  var id: Int

  init(_ parsed: ParsedCommand) throws(UsageError) {
    id = try parsed.int("id")
  }

  func run(_ context: CommandContext) throws -> ExitCode {
    if let refused = context.open(.friendDetail(id: id), for: "remove friend \(id)") {
      return refused
    }
    let deleteTaps = PublishRelay<Void>()
    let output = FriendDetailViewModel(service: context.services.friends, id: id)
      .transform(.init(deleteTaps: deleteTaps.asObservable()))
    let bag = DisposeBag()
    var friend: Friend?
    var deleted = false
    var failure: String?
    output.errorMessage.emit(onNext: { failure = Self.commandLineWording($0, id: id) })
      .disposed(by: bag)
    context.printer.spinner(while: output.isLoading, message: "Removing…").disposed(by: bag)
    output.friend.drive(onNext: { friend = $0 }).disposed(by: bag)
    output.deleted.emit(onNext: { _ in deleted = true }).disposed(by: bag)

    guard context.waiter.wait(until: { friend != nil || failure != nil }) == .done else {
      return .interrupted
    }
    if let friend {
      deleteTaps.accept(())
      guard context.waiter.wait(until: { deleted || failure != nil }) == .done else {
        return .interrupted
      }
      if deleted {
        if context.json {
          context.printer.document(RemovedRecord(removed: FriendRecord(friend)))
        } else {
          context.printer.result("Removed \(TextFormat.name(of: friend)).")
        }
        return .success
      }
    }
    context.printer.error(failure ?? "Friend \(id) was not removed.")
    return .failure
  }
}
