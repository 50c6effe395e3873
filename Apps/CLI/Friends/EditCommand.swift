import CommandLineKit
import Models
import ViewModels

/// `friends edit ID`: the edit form, starting from the friend's current values.
struct EditCommand: Command {
  static let spec = CommandSpec(
    name: "edit", abstract: "Change a friend's name or phone number.",
    discussion: "Fields that are not given keep their current values.",
    arguments: [
      .required("id", kind: .integer, help: "The friend's id, as 'friends list' shows it.")
    ],
    options: FriendForm.fieldOptions)

  /// The friend's id.
  var id: Int
  /// The new values; a field not given keeps its current value.
  var texts: [FriendFormViewModel.Field: String]

  init(_ parsed: ParsedCommand) throws(UsageError) {
    id = try parsed.int("id")
    texts = FriendForm.texts(parsed)
    if texts.isEmpty {
      throw UsageError("nothing to change: give --first, --last or --phone", command: "edit")
    }
  }

  func run(_ context: CommandContext) throws -> ExitCode {
    if let refused = context.open(.editFriend(id: id), for: "edit friend \(id)") { return refused }
    let form = FriendForm(context: context, mode: .edit(id: id))
    let result = try form.save(texts)
    switch result {
    case .success(let friend):
      form.report(friend, verb: "Saved")
      return .success
    case .failure(let failed):
      return failed.code
    }
  }
}
