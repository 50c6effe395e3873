import CommandLineKit
import Models

extension Program {
  /// The __phrase__ feature's commands.
  static let __feature__Commands: [any Command.Type] = [__Feature__Command.self]
}

/// `__app__ __command__ list`, `show ID`, `add --FIELD VALUE…`, `edit ID --FIELD VALUE…`,
/// `remove ID`: the __phrase__ entries, one option per field of ``__Feature__Draft``.
struct __Feature__Command: Command {
  typealias Action = RecordsAction<__Feature__Item>
  static let spec = Action.spec(name: "__command__")
  /// What the command does.
  var action: Action

  init(_ parsed: ParsedCommand) throws(UsageError) { action = try Action(parsed) }

  func run(_ context: CommandContext) throws -> ExitCode {
    if let refused = context.open(.__feature__, for: "work with the __phrase__") { return refused }
    return action.run(context, service: context.services.__feature__)
  }
}
