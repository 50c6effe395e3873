import Models
import ReactiveCore
import ViewModels
import WebUI

/// The form that adds or edits a friend: each field's message as the user types and as
/// focus leaves it, Save enabled as the view model says, the failure of a save, and, when
/// the friend changed elsewhere meanwhile, the choice to reload it or overwrite it. Cancel
/// (or Escape) with changes not saved asks before it drops them.
@MainActor
final class FriendFormPage: WebScreen {
  private let mode: FriendFormViewModel.Mode
  private let fields: [FriendFormViewModel.Field: BehaviorRelay<String>] = [
    .firstName: BehaviorRelay(value: ""), .lastName: BehaviorRelay(value: ""),
    .phoneNumber: BehaviorRelay(value: ""),
  ]
  private var messages: [FriendFormViewModel.Field: String] = [:]
  private let saveTaps = PublishRelay<Void>()
  private let reloadTaps = PublishRelay<Void>()
  private let overwriteTaps = PublishRelay<Void>()
  private let leftFields = PublishRelay<FriendFormViewModel.Field>()
  private var unsavedDraft: FriendDraft?
  private var isSaveEnabled = false
  private var isLoading = false
  private var failure: String?
  private var conflict: String?
  private var isDirty = false
  /// Whether the page asks before dropping the changes.
  private var isAskingToDiscard = false
  /// Whether the fields hold their first values (at once to add; once loaded to edit).
  private var hasInitialValues = false

  /// The fields, in order, with their labels, names on the page, input types and hints.
  private static let layout: [(FriendFormViewModel.Field, String, String, String, String)] = [
    (.firstName, "First name", "firstName", "text", "first name"),
    (.lastName, "Last name", "lastName", "text", "last name"),
    (.phoneNumber, "Phone", "phoneNumber", "tel", "digits, spaces, + - ( )"),
  ]

  /// Creates the form; `restoring` is the draft of a form whose session expired.
  init(host: WebScreenHost, mode: FriendFormViewModel.Mode, restoring: FriendDraft? = nil) {
    self.mode = mode
    super.init(host: host)
    let output = FriendFormViewModel(
      service: host.services.friends, mode: mode, restoring: restoring
    ).transform(
      .init(
        firstName: relay(.firstName).asObservable(), lastName: relay(.lastName).asObservable(),
        phoneNumber: relay(.phoneNumber).asObservable(), saveTaps: saveTaps.asObservable(),
        reloadTaps: reloadTaps.asObservable(), overwriteTaps: overwriteTaps.asObservable(),
        leftFields: leftFields.asObservable()))
    bind(output.initialValues) { [unowned self] draft in
      relay(.firstName).accept(draft.firstName)
      relay(.lastName).accept(draft.lastName)
      relay(.phoneNumber).accept(draft.phoneNumber)
      hasInitialValues = true
    }
    bind(output.firstNameMessage) { [unowned self] in messages[.firstName] = $0 }
    bind(output.lastNameMessage) { [unowned self] in messages[.lastName] = $0 }
    bind(output.phoneNumberMessage) { [unowned self] in messages[.phoneNumber] = $0 }
    bind(output.isSaveEnabled) { [unowned self] in isSaveEnabled = $0 }
    bind(output.isLoading) { [unowned self] loading in
      isLoading = loading
      if loading { failure = nil }
    }
    bind(output.errorMessage) { [unowned self] in failure = $0 }
    bind(output.unsavedDraft) { [unowned self] in unsavedDraft = $0 }
    bind(output.isDirty) { [unowned self] in isDirty = $0 }
    bind(output.conflict) { [unowned self] in conflict = $0 }
    bind(output.savedMessage) { [weak host] in host?.showMessage($0) }
    forward(output.route)
  }

  private func relay(_ field: FriendFormViewModel.Field) -> BehaviorRelay<String> {
    fields[field]!
  }

  override var isBusy: Bool { isLoading }

  override var keptState: (any Sendable)? { unsavedDraft }

  override func handle(_ input: WebInput) -> Bool {
    if let field = Self.layout.first(where: { $0.2 == input.name })?.0 {
      relay(field).accept(input.value)
      return true
    }
    switch input.name {
    case "left":
      guard let field = Self.layout.first(where: { $0.2 == input.value })?.0 else { return true }
      leftFields.accept(field)
    case "save":
      if !isLoading { saveTaps.accept(()) }
    case "reload":
      conflict = nil
      reloadTaps.accept(())
    case "overwrite":
      conflict = nil
      overwriteTaps.accept(())
    case "cancel", "escape":
      if isAskingToDiscard {
        isAskingToDiscard = false
      } else if isDirty {
        isAskingToDiscard = true
      } else {
        host?.navigate(.back)
      }
    case "discard":
      isAskingToDiscard = false
      host?.navigate(.back)
    case "keep-editing":
      isAskingToDiscard = false
    default:
      return false
    }
    return true
  }

  override func render() -> HTML {
    let title = FriendFormViewModel.title(for: mode)
    return HTML {
      HTML(.h1) { title }
      HTML(.form, .method("POST"), .data("submit", "save"), .aria("label", title)) {
        for (index, (field, label, name, type, hint)) in Self.layout.enumerated() {
          FormMarkup.field(
            label, name: name, value: relay(field).value, type: type, placeholder: hint,
            autocomplete: type == "tel" ? "tel" : "off", message: messages[field],
            isInvalid: messages[field] != nil, isFocused: index == 0 && hasInitialValues)
        }
        HTML(.div, .class("actions")) {
          FormMarkup.button(
            "Save", tap: "save", isPrimary: true, isEnabled: isSaveEnabled && !isLoading,
            type: "submit")
          FormMarkup.button("Cancel", tap: "cancel")
        }
      }
      if isAskingToDiscard {
        HTML(.section, .role("alertdialog"), .aria("label", "Discard changes?")) {
          HTML(.p) { "Your changes to this friend will be lost." }
          HTML(.div, .class("actions")) {
            FormMarkup.button("Discard", tap: "discard", isPrimary: true)
            FormMarkup.button("Keep editing", tap: "keep-editing")
          }
        }
      }
      if let conflict {
        HTML(.section, .role("alertdialog"), .aria("label", "Changed elsewhere")) {
          HTML(.p) { "\(conflict). Reload it, or overwrite it with your changes?" }
          HTML(.div, .class("actions")) {
            FormMarkup.button("Reload", tap: "reload")
            FormMarkup.button("Overwrite", tap: "overwrite", isPrimary: true)
          }
        }
      }
      FormMarkup.status(
        busy: isLoading ? (hasInitialValues ? "Saving…" : "Loading…") : nil, failure: failure)
    }
  }
}
