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
  var texts: [FriendFormViewModel.Field: String]

  init(_ parsed: ParsedCommand) throws(UsageError) {
    texts = FriendForm.texts(parsed)
  }

  /// The prompts for fields not given: label and option.
  private static let prompts: [(FriendFormViewModel.Field, String, String)] = [
    (.firstName, "First name", "--first"), (.lastName, "Last name", "--last"),
    (.phoneNumber, "Phone", "--phone"),
  ]

  func run(_ context: CommandContext) throws -> ExitCode {
    if let refused = context.open(.addFriend, for: "add the friend") { return refused }
    let form = FriendForm(context: context, mode: .add)
    // Each field not given is asked for until the form accepts it, as the login prompts do;
    // the last value typed goes to the form, which says what is wrong with it.
    let result = try form.save(texts) {
      var asked: [FriendFormViewModel.Field: String] = [:]
      for (field, label, option) in Self.prompts where texts[field] == nil {
        asked[field] =
          try context.ask(label, hint: "pass \(option)") {
            FriendFormViewModel.message(for: field, $0)
          }
          .text
      }
      return asked
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
