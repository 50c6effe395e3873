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
    if let refused = context.open(.addFriend, for: "add the friend") { return refused }
    let form = FriendForm(context: context, mode: .add)
    let result = try form.save { _ in
      FriendDraft(
        firstName: try firstName
          ?? ask(context, "First name", hint: "pass --first", check: Validation.firstName),
        lastName: try lastName
          ?? ask(context, "Last name", hint: "pass --last", check: Validation.lastName),
        phoneNumber: try phoneNumber
          ?? ask(context, "Phone", hint: "pass --phone", check: Validation.phoneNumber))
    }
    switch result {
    case .success(let friend):
      form.report(friend, verb: "Added")
      return .success
    case .failure(let failed):
      return failed.code
    }
  }

  /// Asks for one field until the form accepts it, as the login prompts do: the form's
  /// message after each refused value, up to ``LoginCommand/attempts`` times. The last value
  /// typed goes to the form, which says what is wrong with it.
  private func ask(
    _ context: CommandContext, _ label: String, hint: String,
    check: (String) -> ValidationResult
  ) throws -> String {
    var typed = ""
    for attempt in 1...LoginCommand.attempts {
      typed = try context.prompt.required(label, hint: hint)
      guard let message = check(typed).message else { return typed }
      if attempt < LoginCommand.attempts { context.printer.error(message) }
    }
    return typed
  }
}
