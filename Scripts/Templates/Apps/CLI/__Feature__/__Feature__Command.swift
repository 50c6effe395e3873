import Models
import Navigator

extension Program {
  /// The __phrase__ feature's commands.
  static let __feature__Commands: [any Command.Type] = [__Feature__Command.self]
}

/// `__app__ __command__ list`, `show ID`, `add --FIELD VALUE…`, `edit ID --FIELD VALUE…`,
/// `remove ID`: one option per field of ``__Feature__Draft``.
struct __Feature__Command: RecordsCommand {
  static var scene: Scene { .__feature__ }
  var action: RecordsAction<__Feature__Item>
}
