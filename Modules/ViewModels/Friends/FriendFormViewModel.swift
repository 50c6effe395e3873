import Models
import Navigator
import ReactiveCore
import Services

/// The add and edit forms: first name, last name and phone number, validated as you type;
/// "Save" is enabled only while all three are valid and nothing is saving. A saved friend
/// routes back to the list, which reloads because the data changed.
///
/// A field's message is shown once the user has left the field (``Input/leftFields``), tried
/// to save (a tap on "Save" that the fields refuse shows every message), or typed a text
/// that stayed refused for ``FieldMessages/typingPause`` (a phone number one digit short, a
/// pasted name too long), so a new form does not open with a problem for each field nobody
/// has typed in yet; from then on it follows the text as it is typed (see
/// ``FieldMessages``).
///
/// A front without fields to type in (a command line) gives whole drafts instead
/// (``Input/drafts``): each is answered in ``Output/outcome``, refused with each field's
/// message, or saved as a tap on "Save" would save it.
///
/// An edit saves from the revision the form loaded, or from the one its last save stored, so
/// a form that saves twice is not refused by its own first save (and an add form that saves
/// twice updates the friend it added instead of adding another). When the friend was changed
/// elsewhere since, the save is refused and ``Output/conflict`` says so ("Ada Lovelace was
/// changed elsewhere", with the name as loaded) until the user reloads (the current friend
/// fills the form) or overwrites (the form's fields are saved over the current revision).
public struct FriendFormViewModel: ViewModelType {
  /// Whether the form adds a new friend or edits one.
  public enum Mode: Hashable, Sendable {
    /// Add a friend.
    case add
    /// Edit the friend with this id.
    case edit(id: Int)
  }

  /// A field of the form.
  public enum Field: Hashable, Sendable, CaseIterable {
    /// The first name.
    case firstName
    /// The last name.
    case lastName
    /// The phone number.
    case phoneNumber

    /// Where the field's text is in a draft.
    var keyPath: WritableKeyPath<FriendDraft, String> {
      switch self {
      case .firstName: return \.firstName
      case .lastName: return \.lastName
      case .phoneNumber: return \.phoneNumber
      }
    }

    /// The rule the field's text must pass.
    var rule: (String) -> ValidationResult {
      switch self {
      case .firstName: return Validation.firstName
      case .lastName: return Validation.lastName
      case .phoneNumber: return Validation.phoneNumber
      }
    }
  }

  /// How a save of a whole draft ended.
  public typealias SaveOutcome = FormOutcome<Friend, Field>

  /// What is wrong with `text` as `field`'s value, or `nil` when the form accepts it: the
  /// message the field shows.
  public static func message(for field: Field, _ text: String) -> String? {
    field.rule(text).message
  }

  /// `texts`, by field, over `base`: the fields not given keep their values in `base`.
  public static func draft(_ texts: [Field: String], over base: FriendDraft) -> FriendDraft {
    var draft = base
    for (field, text) in texts { draft[keyPath: field.keyPath] = text }
    return draft
  }

  /// Each field of `draft` that the form refuses, with its message.
  static func problems(of draft: FriendDraft) -> [Field: String] {
    var problems: [Field: String] = [:]
    for field in Field.allCases {
      problems[field] = message(for: field, draft[keyPath: field.keyPath])
    }
    return problems
  }

  /// What the user does on the screen.
  public struct Input {
    /// The first-name field's text.
    public var firstName: Observable<String>
    /// The last-name field's text.
    public var lastName: Observable<String>
    /// The phone field's text.
    public var phoneNumber: Observable<String>
    /// Taps on "Save".
    public var saveTaps: Observable<Void>
    /// Taps on "Reload" after a save found the friend changed elsewhere: loads the current
    /// friend into the form, dropping the form's changes.
    public var reloadTaps: Observable<Void>
    /// Taps on "Overwrite" after a save found the friend changed elsewhere: saves the form's
    /// fields over the current revision.
    public var overwriteTaps: Observable<Void>
    /// The field the user left, each time focus moves away from one: its message shows from
    /// then on. A front that takes every field at once (a command line) gives them all.
    public var leftFields: Observable<Field>
    /// Whole drafts to save at once, each answered in ``Output/outcome``: for a front that
    /// has no fields to type in.
    public var drafts: Observable<FriendDraft>

    /// Creates the input; a front that offers neither reloading nor overwriting leaves
    /// `reloadTaps` and `overwriteTaps` empty, and one that saves whole drafts gives
    /// `drafts` and leaves the fields and taps empty.
    public init(
      firstName: Observable<String> = .empty(), lastName: Observable<String> = .empty(),
      phoneNumber: Observable<String> = .empty(), saveTaps: Observable<Void> = .empty(),
      reloadTaps: Observable<Void> = .empty(), overwriteTaps: Observable<Void> = .empty(),
      leftFields: Observable<Field> = .empty(), drafts: Observable<FriendDraft> = .empty()
    ) {
      self.firstName = firstName
      self.lastName = lastName
      self.phoneNumber = phoneNumber
      self.saveTaps = saveTaps
      self.reloadTaps = reloadTaps
      self.overwriteTaps = overwriteTaps
      self.leftFields = leftFields
      self.drafts = drafts
    }
  }

  /// What the screen shows.
  public struct Output {
    /// The values to fill the fields with: empty to add, the friend's to edit, and the
    /// current friend's again after "Reload"; the first time, the draft the form was
    /// created to restore, if any.
    public var initialValues: Driver<FriendDraft>
    /// The first name's problem once shown (see ``FieldMessages``), else `nil`.
    public var firstNameMessage: Driver<String?>
    /// The last name's problem once shown (see ``FieldMessages``), else `nil`.
    public var lastNameMessage: Driver<String?>
    /// The phone number's problem once shown (see ``FieldMessages``), else `nil`.
    public var phoneNumberMessage: Driver<String?>
    /// Whether "Save" can be tapped.
    public var isSaveEnabled: Driver<Bool>
    /// Whether loading or saving runs.
    public var isLoading: Driver<Bool>
    /// Whether the fields differ from what was loaded (or from empty fields when adding), or
    /// from what was last saved; ignoring spaces around the values. `false` until the friend
    /// is loaded.
    public var isDirty: Driver<Bool>
    /// The fields as typed while they differ from what was loaded or saved (``isDirty``),
    /// else `nil`: what a front keeps when the session expires, to create the form again
    /// with after the next login (``FriendFormViewModel/init(service:mode:restoring:)``).
    public var unsavedDraft: Driver<FriendDraft?>
    /// A failed load or save (but a save refused because the friend changed elsewhere,
    /// which is ``conflict``).
    public var errorMessage: Signal<String>
    /// "Ada Lovelace was changed elsewhere" (the name as loaded) after a save found the
    /// friend changed since the form loaded it; `nil` before, and again once the user
    /// reloads, overwrites or saves.
    public var conflict: Driver<String?>
    /// How each whole draft's save ended (``Input/drafts``): refused with each field's
    /// message, saved, a conflict, or a failure.
    public var outcome: Signal<SaveOutcome>
    /// The friend as saved.
    public var saved: Signal<Friend>
    /// What to tell the user once a save succeeded: "Added Ada Lovelace." or "Saved Ada
    /// Lovelace." (``Confirmation``).
    public var savedMessage: Signal<String>
    /// Back to the list after a save, handing it the saved friend (``FriendSaved``) to
    /// select.
    public var route: Signal<Route>
  }

  /// The form's title for `mode`.
  public static func title(for mode: Mode) -> String {
    switch mode {
    case .add: return "Add friend"
    case .edit: return "Edit friend"
    }
  }

  private let service: FriendsService
  private let mode: Mode
  private let restoredDraft: FriendDraft?

  /// Creates the view model for adding or editing; `restoring` is a draft kept from an
  /// earlier form of the same mode (``Output/unsavedDraft``), which fills the fields in
  /// place of the first values, still compared with them.
  public init(service: FriendsService, mode: Mode, restoring: FriendDraft? = nil) {
    self.service = service
    self.mode = mode
    self.restoredDraft = restoring
  }

  /// Builds the screen's chains.
  public func transform(_ input: Input) -> Output {
    let activity = ActivityTracker()

    // The friend as loaded, then as reloaded: what the form edits and saves from.
    let loadedFriends: Observable<Friend>
    let loadFailures: Observable<String>
    // The values the fields start from, then those of each reload.
    let initialValues: Observable<FriendDraft>
    let reloadStarts: Observable<Void>
    switch mode {
    case .add:
      loadedFriends = .empty()
      loadFailures = .empty()
      initialValues = .just(FriendDraft(firstName: "", lastName: "", phoneNumber: ""))
      reloadStarts = .empty()
    case .edit(let id):
      let fetch = { [service] () -> Observable<Outcome<Friend, String>> in
        activity.track(service.record(id: id)).asObservable()
          .outcomes {
            isNotFound($0)
              ? Friend.missingText(id: id) : "Could not load friend \(id): \(describe($0))"
          }
      }
      let reloads = input.reloadTaps.share()
      let loads = Observable.merge(fetch(), reloads.flatMapFirst { fetch() })
        .share(replay: 1)
      loadedFriends = loads.values().share(replay: 1)
      loadFailures = loads.failures()
      initialValues = loadedFriends.map(\.draft)
      reloadStarts = reloads
    }
    // The friend the next save starts from: none yet when adding, else the friend as loaded
    // (or reloaded), and then as each save stored it.
    let savedFriends = PublishRelay<Friend>()
    let base: Observable<Friend?>
    switch mode {
    case .add: base = savedFriends.map { Optional($0) }.startWith(nil).share(replay: 1)
    case .edit:
      base = Observable.merge(loadedFriends, savedFriends.asObservable()).map { Optional($0) }
        .share(replay: 1)
    }

    let typed = Observable.combineLatest(input.firstName, input.lastName, input.phoneNumber) {
      FriendDraft(firstName: $0, lastName: $1, phoneNumber: $2)
    }
    .share(replay: 1)
    let draft = typed.map(\.trimmed)
    let isValid = draft.map { $0.validation.isValid }
    let isLoading = activity.isActive

    let saveRequests = input.saveTaps
      .withLatestFrom(Observable.combineLatest(draft, isValid, base))
      .filter { _, isValid, _ in isValid }
      .map { draft, _, base in SaveRequest.save(draft, from: base) }
    let overwriteRequests = input.overwriteTaps
      .withLatestFrom(Observable.combineLatest(draft, isValid, base))
      .filter { _, isValid, _ in isValid }
      .map { draft, _, base in SaveRequest.overwrite(draft, id: base?.id) }
    // A whole draft is refused with its fields' messages, or saved from the friend as the
    // form knows it (an edit's draft before the friend is loaded fails).
    let wholeDrafts = input.drafts.map { draft -> (FriendDraft, [Field: String]) in
      let draft = draft.trimmed
      return (draft, Self.problems(of: draft))
    }
    .withLatestFrom(base.map { Optional($0) }.startWith(nil)) { ($0.0, $0.1, $1) }
    .share()
    let draftRequests = wholeDrafts.compactMap { draft, problems, base -> SaveRequest? in
      guard problems.isEmpty, let base else { return nil }
      return .save(draft, from: base)
    }
    let draftRefusals = wholeDrafts.compactMap { _, problems, base -> SaveOutcome? in
      if !problems.isEmpty { return .refused(problems) }
      return base == nil ? .failed("The friend is not loaded yet.") : nil
    }
    let saves = Observable.merge(saveRequests, overwriteRequests, draftRequests)
      .flatMapFirst { [service] request -> Observable<Outcome<Friend, SaveFailure>> in
        let save: Single<Friend>
        switch request {
        case .save(let draft, from: nil), .overwrite(let draft, id: nil):
          save = service.add(draft)
        case .save(let draft, from: let base?):
          save = service.update(Friend(id: base.id, draft: draft, revision: base.revision))
        case .overwrite(let draft, id: let id?):
          // Over the revision stored now, whatever it is.
          save = service.record(id: id).flatMap { current in
            service.update(Friend(id: id, draft: draft, revision: current.revision))
          }
        }
        return activity.track(save).asObservable()
          .outcomes { error in
            if case ServiceError.changedElsewhere = error { return .changedElsewhere }
            return .message("Could not save: \(describe(error))")
          }
      }
      .do(onNext: { outcome in
        if case .value(let friend) = outcome { savedFriends.accept(friend) }
      })
      .share()
    let saved = saves.values().asSignal(onErrorSignalWith: .empty())
    let saveMessages = saves.failures().compactMap { failure -> String? in
      if case .message(let message) = failure { return message }
      return nil
    }
    let conflicts = saves.failures()
      .filter { if case .changedElsewhere = $0 { return true } else { return false } }
      .withLatestFrom(loadedFriends) { _, friend in
        Friend.changedElsewhereText(name: friend.fullName)
      }
    let conflict = Observable.merge(
      conflicts.map { Optional($0) },
      reloadStarts.map { nil }, input.overwriteTaps.map { nil },
      saves.values().map { _ in nil }
    )
    .startWith(nil)
    .distinctUntilChanged()

    // A field's message shows once the field was left, a save tried or a refused text typed,
    // and stays.
    let leftFields = input.leftFields.share()
    let saveTries = Observable.merge(input.saveTaps, input.overwriteTaps).share()
    func message(_ field: Observable<String>, _ which: Field) -> Driver<String?> {
      FieldMessages.shown(
        texts: field, messages: field.map { Self.message(for: which, $0) },
        reveals: Observable.merge(leftFields.filter { $0 == which }.map { _ in () }, saveTries))
    }

    // What the fields are compared with: the loaded (or reloaded) values, then each saved
    // draft.
    let baseline = Observable.merge(initialValues.map(\.trimmed), saves.values().map(\.draft))
    // The fields as typed while they differ from the baseline; one chain, so that the
    // draft and whether it is dirty never disagree.
    let unsavedDraft = Observable.combineLatest(baseline, typed) { baseline, typed in
      baseline != typed.trimmed ? typed : nil
    }
    .startWith(nil)
    .distinctUntilChanged()
    .share(replay: 1)
    let isDirty = unsavedDraft.map { $0 != nil }.distinctUntilChanged()
    // The fields are filled with the restored draft in place of their first values only.
    let shownValues = initialValues.enumerated().map { [restoredDraft] index, values in
      index == 0 ? restoredDraft ?? values : values
    }

    return Output(
      initialValues: shownValues.asDriver(onErrorDriveWith: .empty()),
      firstNameMessage: message(input.firstName, .firstName),
      lastNameMessage: message(input.lastName, .lastName),
      phoneNumberMessage: message(input.phoneNumber, .phoneNumber),
      isSaveEnabled: Observable.combineLatest(isValid, isLoading.asObservable()) { $0 && !$1 }
        .asDriver(onErrorJustReturn: false).distinctUntilChanged(),
      isLoading: isLoading,
      isDirty: isDirty.asDriver(onErrorJustReturn: false),
      unsavedDraft: unsavedDraft.asDriver(onErrorJustReturn: nil),
      errorMessage: Observable.merge(loadFailures, saveMessages)
        .asSignal(onErrorSignalWith: .empty()),
      conflict: conflict.asDriver(onErrorJustReturn: nil),
      outcome: Observable.merge(
        draftRefusals, saves.values().map { .saved($0) },
        saveMessages.map { .failed($0) }, conflicts.map { .conflict($0) }
      )
      .asSignal(onErrorSignalWith: .empty()),
      saved: saved,
      savedMessage: saved.map { [mode] friend in
        mode == .add ? Confirmation.added(friend.fullName) : Confirmation.saved(friend.fullName)
      },
      route: saved.map { Route.backWithResult(SceneResult(FriendSaved(id: $0.id))) })
  }
}

/// A save the user asked for: from the friend as the form last knew it (`nil` when adding),
/// or over whatever revision is stored (of the friend with `id`; `nil` when adding).
private enum SaveRequest {
  case save(FriendDraft, from: Friend?)
  case overwrite(FriendDraft, id: Int?)
}

/// Why a save failed: a friend changed elsewhere, or a message to show.
private enum SaveFailure {
  case changedElsewhere
  case message(String)
}
