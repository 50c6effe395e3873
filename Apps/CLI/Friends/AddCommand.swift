import CommandLineKit
import Models
import ViewModels

/// `friends add`: the add form, filled from options or prompts.
struct AddCommand: Command {
  static let spec = CommandSpec(
    name: "add", abstract: "Add a friend.",
    discussion: """
      Asks for the fields that are not given when standard input is a terminal. The form
      checks them as the app does, and says what to fix.
      """,
    options: FriendForm.fieldOptions)

  /// The fields given as options.
  var firstName: String?
  var lastName: String?
  var phoneNumber: String?

  init(_ parsed: ParsedCommand) throws(UsageError) {
    firstName = parsed.value("first")
    lastName = parsed.value("last")
    phoneNumber = parsed.value("phone")
  }

  func run(_ context: CommandContext) throws -> ExitCode {
    if let refused = context.open(.addFriend) { return refused }
    let form = FriendForm(context: context, mode: .add)
    let prompt = context.prompt
    let result = try form.save { _ in
      FriendDraft(
        firstName: try firstName ?? prompt.required("First name", hint: "pass --first"),
        lastName: try lastName ?? prompt.required("Last name", hint: "pass --last"),
        phoneNumber: try phoneNumber ?? prompt.required("Phone", hint: "pass --phone"))
    }
    switch result {
    case .success(let friend):
      form.report(friend, verb: "Added")
      return .success
    case .failure(let failed):
      return failed.code
    }
  }
}
