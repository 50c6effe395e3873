import CommandLineKit
import Models
import ReactiveCore
import ViewModels

/// The add and edit forms, given the fields at once: the form checks them and saves, or says
/// what to fix.
@MainActor
struct FriendForm {
  /// The options that give a friend's fields.
  static let fieldOptions = [
    OptionSpec("first", valueName: "name", help: "The first name."),
    OptionSpec("last", valueName: "name", help: "The last name."),
    OptionSpec(
      "phone", valueName: "number", help: "The phone number, such as '+1 (555) 010-2841'."),
  ]

  /// The fields given as options, by field.
  static func texts(_ parsed: ParsedCommand) -> [FriendFormViewModel.Field: String] {
    let options: [FriendFormViewModel.Field: String] = [
      .firstName: "first", .lastName: "last", .phoneNumber: "phone",
    ]
    return options.compactMapValues { parsed.value($0) }
  }

  let context: CommandContext
  let mode: FriendFormViewModel.Mode

  /// Saves the fields `texts` gives over the form's initial values (an edit's others keep
  /// the friend's), and the fields `ask` returns: returns the saved friend, or the status to
  /// exit with after printing why not.
  ///
  /// The save carries the revision the form read, and the store (or the server) checks it at
  /// the moment it writes: a friend changed between this command's read and its write is
  /// refused with "Ada Lovelace was changed elsewhere", and nothing is written.
  func save(
    _ texts: [FriendFormViewModel.Field: String],
    ask: () throws -> [FriendFormViewModel.Field: String] = { [:] }
  ) throws -> Result<Friend, Failed> {
    let drafts = PublishRelay<FriendDraft>()
    let output = FriendFormViewModel(service: context.services.friends, mode: mode)
      .transform(.init(drafts: drafts.asObservable()))
    let form = OneShotForm(
      initialValues: output.initialValues, errorMessage: output.errorMessage,
      isLoading: output.isLoading, outcome: output.outcome, drafts: drafts,
      fields: FriendFormViewModel.Field.allCases)
    return try form.save(context) { initial in
      FriendFormViewModel.draft(texts.merging(try ask()) { $1 }, over: initial)
    }
  }

  /// Prints a saved friend: as JSON, or as "`verb` Ada Lovelace (id 3).".
  func report(_ friend: Friend, verb: String) {
    if context.json {
      context.printer.document(FriendRecord(friend))
    } else {
      context.printer.result("\(verb) \(TextFormat.name(of: friend)).")
    }
  }
}
