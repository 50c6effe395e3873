import CommandLineKit
import Models
import ReactiveCore
import ViewModels

/// The add and edit forms, filled in and saved as a person would: wait for the form's initial
/// values, type the fields, and tap "Save" only if the form enables it.
@MainActor
struct FriendForm {
  /// The options that give a friend's fields.
  static let fieldOptions = [
    OptionSpec("first", valueName: "name", help: "The first name."),
    OptionSpec("last", valueName: "name", help: "The last name."),
    OptionSpec(
      "phone", valueName: "number", help: "The phone number, such as '+1 (555) 010-2841'."),
  ]

  let context: CommandContext
  let mode: FriendFormViewModel.Mode

  /// Fills the form with `fill(initialValues)` and saves it. Returns the saved friend, or the
  /// status to exit with after printing why not.
  func save(_ fill: (FriendDraft) throws -> FriendDraft) throws -> Result<Friend, Failed> {
    let firstName = BehaviorRelay(value: "")
    let lastName = BehaviorRelay(value: "")
    let phoneNumber = BehaviorRelay(value: "")
    let saveTaps = PublishRelay<Void>()
    let output = FriendFormViewModel(service: context.services.friends, mode: mode).transform(
      .init(
        firstName: firstName.asObservable(), lastName: lastName.asObservable(),
        phoneNumber: phoneNumber.asObservable(), saveTaps: saveTaps.asObservable(),
        // Every field is given at once, as if each had been filled in and left.
        leftFields: .from(FriendFormViewModel.Field.allCases)))

    let bag = DisposeBag()
    var initial: FriendDraft?
    var failure: String?
    var saved: Friend?
    var conflict: String?
    output.errorMessage.emit(onNext: { failure = $0 }).disposed(by: bag)
    // The save carries the revision the form read, and the store (or the server) checks it
    // at the moment it writes: a friend changed between this command's read and its write
    // is refused with "Ada Lovelace was changed elsewhere", and nothing is written.
    output.conflict.drive(onNext: { conflict = $0 }).disposed(by: bag)
    output.saved.emit(onNext: { saved = $0 }).disposed(by: bag)
    context.printer.spinner(while: output.isLoading, message: "Saving…").disposed(by: bag)
    var isLoading = true
    output.isLoading.drive(onNext: { isLoading = $0 }).disposed(by: bag)
    output.initialValues.drive(onNext: { initial = $0 }).disposed(by: bag)

    // Loaded, and the form knows it is: "Save" depends on both.
    let loaded = context.waiter.wait(until: { (initial != nil && !isLoading) || failure != nil })
    guard loaded == .done else { return .failure(Failed(code: .interrupted)) }
    guard let initial else { return fail(failure) }

    let draft = try fill(initial)
    firstName.accept(draft.firstName)
    lastName.accept(draft.lastName)
    phoneNumber.accept(draft.phoneNumber)

    // The fields' messages and the button, as they are for what was typed: subscribed now,
    // they start from the fields' current text.
    var isEnabled: Bool?
    var messages: [String??] = [nil, nil, nil]
    output.isSaveEnabled.drive(onNext: { isEnabled = $0 }).disposed(by: bag)
    output.firstNameMessage.drive(onNext: { messages[0] = .some($0) }).disposed(by: bag)
    output.lastNameMessage.drive(onNext: { messages[1] = .some($0) }).disposed(by: bag)
    output.phoneNumberMessage.drive(onNext: { messages[2] = .some($0) }).disposed(by: bag)
    let ready = context.waiter.wait(until: {
      isEnabled != nil && messages.allSatisfy { $0 != nil }
    })
    guard ready == .done else { return .failure(Failed(code: .interrupted)) }
    guard isEnabled == true else {
      let problems = messages.compactMap { $0 ?? nil }
      for problem in problems { context.printer.error(problem) }
      return problems.isEmpty
        ? fail("The friend cannot be saved.") : .failure(Failed(code: .failure))
    }

    saveTaps.accept(())
    guard
      context.waiter.wait(until: { saved != nil || failure != nil || conflict != nil })
        == .done
    else {
      return .failure(Failed(code: .interrupted))
    }
    guard let saved else { return fail(conflict ?? failure) }
    return .success(saved)
  }

  private func fail(_ message: String?) -> Result<Friend, Failed> {
    context.printer.error(message ?? "The friend could not be saved.")
    return .failure(Failed(code: .failure))
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

/// A command that ended without its result, with the status to exit with; what went wrong
/// was printed already.
struct Failed: Error {
  /// The status to exit with.
  var code: ExitCode
}
