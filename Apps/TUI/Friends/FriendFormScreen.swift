import Models
import Navigator
import ReactiveCore
import TerminalUI
import ViewModels

/// The add and edit forms: first name, last name and phone number, each with its validation
/// message; "Save" is enabled only while the view model says so; a spinner while saving; back
/// to the list once saved.
@MainActor
final class FriendFormScreen: Screen {
  private enum Focus { case firstName, lastName, phoneNumber, save }

  private var focus = FocusRing<Focus>([.firstName, .lastName, .phoneNumber, .save])
  private let firstName = FormField(label: "First name", placeholder: "first name")
  private let lastName = FormField(label: "Last name", placeholder: "last name")
  private let phoneNumber = FormField(label: "Phone", placeholder: "digits, spaces, + - ( )")
  private let saveTaps = PublishRelay<Void>()
  private let reloadTaps = PublishRelay<Void>()
  private let overwriteTaps = PublishRelay<Void>()
  private var isSaveEnabled = false
  private var isLoading = false
  private var failure: String?
  /// Whether the fields hold their first values (at once to add; once loaded to edit).
  private var hasInitialValues = false
  /// Whether the fields differ from what was loaded or saved, as the view model says.
  private var isDirty = false

  init(host: ScreenHost, mode: FriendFormViewModel.Mode) {
    super.init(host: host)
    let output = FriendFormViewModel(service: host.services.friends, mode: mode).transform(
      .init(
        firstName: firstName.text.asObservable(), lastName: lastName.text.asObservable(),
        phoneNumber: phoneNumber.text.asObservable(), saveTaps: saveTaps.asObservable(),
        reloadTaps: reloadTaps.asObservable(), overwriteTaps: overwriteTaps.asObservable()))
    bind(output.initialValues) { [unowned self] draft in
      firstName.set(draft.firstName)
      lastName.set(draft.lastName)
      phoneNumber.set(draft.phoneNumber)
      hasInitialValues = true
    }
    bind(output.firstNameMessage) { [unowned self] in firstName.message = $0 }
    bind(output.lastNameMessage) { [unowned self] in lastName.message = $0 }
    bind(output.phoneNumberMessage) { [unowned self] in phoneNumber.message = $0 }
    bind(output.isSaveEnabled) { [unowned self] in isSaveEnabled = $0 }
    bind(output.isLoading) { [unowned self] loading in
      isLoading = loading
      if loading { failure = nil }
    }
    bind(output.errorMessage) { [unowned self] in failure = $0 }
    bind(output.isDirty) { [unowned self] in isDirty = $0 }
    bind(output.conflict) { [unowned self] message in
      if let message { askReloadOrOverwrite(message) }
    }
    // The list the form goes back to says what happened.
    bind(output.saved) { [unowned self] friend in
      self.host?.showMessage(mode == .add ? "Added \(friend.fullName)" : "Saved \(friend.fullName)")
      // The list shows whom it was about.
      (self.host?.screen(below: self) as? FriendsListScreen)?.select(id: friend.id)
    }
    forward(output.route)
  }

  private var fields: [(Focus, FormField)] {
    [(.firstName, firstName), (.lastName, lastName), (.phoneNumber, phoneNumber)]
  }

  private var focusedField: FormField? {
    fields.first { $0.0 == focus.current }?.1
  }

  /// Whether the fields differ from what they started with.
  private var hasUnsavedChanges: Bool {
    hasInitialValues && isDirty
  }

  /// Whether a save is under way.
  private var isSaving: Bool { isLoading && hasInitialValues }

  override var isBusy: Bool { isLoading }

  override var isEditingText: Bool { focusedField != nil }

  override var hints: [KeyHint] {
    isEditingText
      ? [
        KeyHint("Tab", "next"), KeyHint("Enter", "next"), KeyHint("Esc", "leave field"),
        KeyHint("Ctrl-C", "quit"),
      ]
      : [
        KeyHint("Enter", "save"), KeyHint("Tab", "next"), KeyHint("Esc", "cancel"),
        KeyHint("?", "help"), KeyHint("q", "quit"),
      ]
  }

  override var helpKeys: [KeyHint] {
    [
      KeyHint("Enter", "next field; on the last field or Save: save"),
      KeyHint("Ctrl-U", "clear the field"),
    ]
  }

  override func handle(_ key: Key) -> Bool {
    if key == .escape {
      if isSaving {
        // A save cannot be taken back halfway: say so rather than drop it silently.
        host?.showMessage("Saving… Esc works again once it is done.")
        return true
      }
      if focusedField == nil, hasUnsavedChanges {
        confirmDiscarding()
        return true
      }
      return false
    }
    if focus.handle(key) { return true }
    if key == .enter {
      if focus.current == .phoneNumber || focus.current == .save {
        if isSaveEnabled { saveTaps.accept(()) }
      } else {
        focus.next()
      }
      return true
    }
    if focus.current == .save, key == .character(" ") {
      if isSaveEnabled { saveTaps.accept(()) }
      return true
    }
    return focusedField?.handle(key) ?? false
  }

  override func leaveTextField() -> Bool {
    guard isEditingText else { return false }
    focus.focus(.save)
    return true
  }

  private func confirmDiscarding() {
    let dialog = Dialog.confirm(
      title: "Discard changes?", message: "Your changes to this friend will be lost.",
      confirm: "Discard", cancel: "Keep editing")
    host?.present(dialog, from: self) { [weak self] outcome in
      if outcome == .confirmed { self?.host?.navigate(.back) }
    }
  }

  /// A save found the friend changed elsewhere: reload it (focused first, and Esc, so that
  /// a stray key never overwrites someone else's change) or overwrite it.
  private func askReloadOrOverwrite(_ message: String) {
    let dialog = Dialog.confirm(
      title: "Changed elsewhere",
      message: "\(message). Reload it, or overwrite it with your changes?",
      confirm: "Overwrite", cancel: "Reload")
    host?.present(dialog, from: self) { [weak self] outcome in
      if outcome == .confirmed {
        self?.overwriteTaps.accept(())
      } else {
        self?.reloadTaps.accept(())
      }
    }
  }

  override func render(into buffer: inout ScreenBuffer, rect: Rect, context: RenderContext) {
    let theme = context.theme
    let area = rect.inset(top: 1, left: 2)
    let labelWidth = 12
    let fieldWidth = min(labelWidth + 40, area.width)
    let rows = area.rows(Array(repeating: .fixed(1), count: 11))
    for (index, (item, field)) in fields.enumerated() {
      let row = rows[index * 2]
      field.render(
        into: &buffer, rect: Rect(x: row.x, y: row.y, width: fieldWidth, height: 1),
        labelWidth: labelWidth, isFocused: focus.current == item, theme: theme)
      onClick(Rect(x: row.x, y: row.y, width: fieldWidth, height: 1)) { [unowned self] in
        focus.focus(item)
      }
      if let message = field.message {
        buffer.write(
          message, in: rows[index * 2 + 1].inset(left: labelWidth), style: theme.secondary)
      }
    }
    let save = Button("Save", isEnabled: isSaveEnabled, isFocused: focus.current == .save)
    let buttonRow = rows[7].inset(left: labelWidth)
    save.render(into: &buffer, rect: buttonRow, theme: theme)
    onClick(Rect(x: buttonRow.x, y: buttonRow.y, width: save.width, height: 1)) {
      [unowned self] in
      focus.focus(.save)
      if isSaveEnabled { saveTaps.accept(()) }
    }
    if isLoading {
      Spinner(label: hasInitialValues ? "Saving…" : "Loading…", frames: [context.spinnerFrame])
        .render(into: &buffer, rect: buttonRow.inset(left: save.width + 3), theme: theme)
    }
    if let failure {
      for (row, line) in zip(rows[9...], failure.wrapped(toWidth: rows[9].width)) {
        buffer.write(line, in: row, style: theme.failure)
      }
    }
  }
}
