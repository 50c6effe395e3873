import CommandLineKit
import Models
import Navigator

/// The command of a feature whose data is one collection of declared records: its name (the
/// records' route), help, options, reading and running all follow from the record type, so a
/// feature states only its record type and the scene the command works in.
///
/// ```swift
/// struct NotesCommand: RecordsCommand {
///   static var scene: Scene { .notes }
///   var action: RecordsAction<Note>
/// }
/// ```
protocol RecordsCommand: Command {
  /// The records the command works on.
  associatedtype Record: DeclaredRecord
  /// The feature's scene: the command runs only when that scene may be shown (someone is
  /// logged in, for most).
  static var scene: Scene { get }
  /// What the command does.
  var action: RecordsAction<Record> { get }
  /// A command that does `action`.
  init(action: RecordsAction<Record>)
}

extension RecordsCommand {
  /// `list`, `show ID`, `add`, `edit ID` and `remove ID`, named as the records' route.
  static var spec: CommandSpec { RecordsAction<Record>.spec(name: Record.routeName) }

  /// Reads the action and its options.
  init(_ parsed: ParsedCommand) throws(UsageError) {
    self.init(action: try RecordsAction(parsed))
  }

  /// Runs the action on the app's collection of the records, once the scene may be shown.
  func run(_ context: CommandContext) throws -> ExitCode {
    let work = "work with the \(Record.Draft.recordPlural)"
    if let refused = context.open(Self.scene, for: work) { return refused }
    return action.run(context, service: context.services.records(Record.self))
  }
}
