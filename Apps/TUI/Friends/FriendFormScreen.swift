import Models
import Navigator
import ReactiveCore
import TerminalUI
import ViewModels

/// The add and edit forms: first name, last name and phone number, each with its validation
/// message once the field was left or a save tried; "Save" is enabled only while the view
/// model says so; a spinner while saving; back to the list once saved, with the view model's
/// message ("Added Ada Lovelace.").
///
/// Every message is shown whole, wrapped: when the form and its messages are taller than the
/// screen, the form scrolls to show a failure that just arrived whole (at the bottom), and
/// after the next key the focused part, with as much below it as fits.
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
  private let leftFields = PublishRelay<FriendFormViewModel.Field>()
  /// The fields as typed while they differ from what was loaded or saved, as the view model
  /// says.
  private var unsavedDraft: FriendDraft?
  private var isSaveEnabled = false
  private var isLoading = false
  private var failure: String?
  /// Whether a failure arrived since the last key: the form then scrolls to show it whole.
  private var showsNewFailure = false
  /// Whether the fields hold their first values (at once to add; once loaded to edit).
  private var hasInitialValues = false
  /// Whether the fields differ from what was loaded or saved, as the view model says.
  private var isDirty = false

  /// Creates the form; `restoring` is the draft of a form whose session expired.
  init(host: ScreenHost, mode: FriendFormViewModel.Mode, restoring: FriendDraft? = nil) {
    super.init(host: host)
    let viewModel = FriendFormViewModel(
      service: host.services.friends, mode: mode, restoring: restoring)
    let output = viewModel.transform(
      .init(
        firstName: firstName.text.asObservable(), lastName: lastName.text.asObservable(),
        phoneNumber: phoneNumber.text.asObservable(), saveTaps: saveTaps.asObservable(),
        reloadTaps: reloadTaps.asObservable(), overwriteTaps: overwriteTaps.asObservable(),
        leftFields: leftFields.asObservable()))
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
    bind(output.errorMessage) { [unowned self] in
      failure = $0
      showsNewFailure = true
    }
    bind(output.isDirty) { [unowned self] in isDirty = $0 }
    bind(output.unsavedDraft) { [unowned self] in unsavedDraft = $0 }
    bind(output.conflict) { [unowned self] message in
      if let message { askReloadOrOverwrite(message) }
    }
    // Said over the list the form goes back to, which selects the friend saved (the route
    // hands it back).
    bind(output.savedMessage) { [weak host] in host?.showMessage($0) }
    forward(output.route)
  }

  private var fields: [(Focus, FormField)] {
    [(.firstName, firstName), (.lastName, lastName), (.phoneNumber, phoneNumber)]
  }

  /// The view model's name of the field `item` is, if it is one.
  private static func field(_ item: Focus) -> FriendFormViewModel.Field? {
    switch item {
    case .firstName: .firstName
    case .lastName: .lastName
    case .phoneNumber: .phoneNumber
    case .save: nil
    }
  }

  /// Moves focus to `item`, telling the view model which field was left.
  private func move(to item: Focus) {
    showsNewFailure = false
    let before = focus.current
    focus.focus(item)
    reportLeaving(before)
  }

  /// Tells the view model that the field `before` was left, if focus moved off it.
  private func reportLeaving(_ before: Focus) {
    guard focus.current != before, let field = Self.field(before) else { return }
    leftFields.accept(field)
  }

  /// Asks to save: the view model saves valid fields, and shows every field's message when
  /// they are not (a tap while loading or saving is dropped).
  private func trySave() {
    if !isLoading { saveTaps.accept(()) }
  }

  override var keptState: (any Sendable)? { unsavedDraft }

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
    let before = focus.current
    defer { reportLeaving(before) }
    showsNewFailure = false
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
        trySave()
      } else {
        focus.next()
      }
      return true
    }
    if focus.current == .save, key == .character(" ") {
      trySave()
      return true
    }
    return focusedField?.handle(key) ?? false
  }

  override func leaveTextField() -> Bool {
    guard isEditingText else { return false }
    move(to: .save)
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

  /// One row of the form, top to bottom.
  private enum Line {
    case field(Focus, FormField)
    case fieldMessage(String)
    case blank
    case button
    case failure(String)
  }

  /// The form's rows for `width` columns: each field with its message wrapped under it (or a
  /// blank row), the button, and a failure wrapped under it.
  private func lines(width: Int, labelWidth: Int) -> [Line] {
    var lines: [Line] = []
    for (item, field) in fields {
      lines.append(.field(item, field))
      if let message = field.message {
        lines += message.wrapped(toWidth: max(1, width - labelWidth)).map(Line.fieldMessage)
      } else {
        lines.append(.blank)
      }
    }
    lines += [.blank, .button]
    if let failure {
      lines.append(.blank)
      lines += failure.wrapped(toWidth: max(1, width)).map(Line.failure)
    }
    return lines
  }

  override func render(into buffer: inout ScreenBuffer, rect: Rect, context: RenderContext) {
    let theme = context.theme
    let area = rect.inset(top: 1, left: 2)
    guard area.width > 0, area.height > 0 else { return }
    let labelWidth = 12
    let fieldWidth = min(labelWidth + 40, area.width)
    let lines = lines(width: area.width, labelWidth: labelWidth)
    // A new failure shows whole; else the focused part, with as much below it as fits.
    let focused =
      showsNewFailure
      ? lines.count - 1
      : lines.firstIndex { line in
        switch line {
        case .field(let item, _): item == focus.current
        case .button: focus.current == .save
        default: false
        }
      } ?? 0
    let first = max(0, min(focused, lines.count - area.height))
    for (offset, line) in lines[first...].prefix(area.height).enumerated() {
      let row = area.row(offset)
      switch line {
      case .field(let item, let field):
        let fieldRect = Rect(x: row.x, y: row.y, width: fieldWidth, height: 1)
        field.render(
          into: &buffer, rect: fieldRect, labelWidth: labelWidth,
          isFocused: focus.current == item, theme: theme)
        onClick(fieldRect) { [unowned self] in move(to: item) }
      case .fieldMessage(let message):
        buffer.write(message, in: row.inset(left: labelWidth), style: theme.secondary)
      case .blank:
        break
      case .button:
        let save = Button("Save", isEnabled: isSaveEnabled, isFocused: focus.current == .save)
        let buttonRow = row.inset(left: labelWidth)
        save.render(into: &buffer, rect: buttonRow, theme: theme)
        onClick(Rect(x: buttonRow.x, y: buttonRow.y, width: save.width, height: 1)) {
          [unowned self] in
          move(to: .save)
          trySave()
        }
        if isLoading {
          Spinner(
            label: hasInitialValues ? "Saving…" : "Loading…", frames: [context.spinnerFrame]
          )
          .render(into: &buffer, rect: buttonRow.inset(left: save.width + 3), theme: theme)
        }
      case .failure(let text):
        buffer.write(text, in: row, style: theme.failure)
      }
    }
  }
}
