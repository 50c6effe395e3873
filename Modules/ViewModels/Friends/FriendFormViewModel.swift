import Models
import Navigator
import ReactiveCore
import Services

/// The add and edit forms: first name, last name and phone number, validated as you type;
/// "Save" is enabled only while all three are valid and nothing is saving. A saved friend
/// routes back to the list, which reloads because the data changed.
///
/// An edit saves from the revision the form loaded. When the friend was changed elsewhere
/// since, the save is refused and ``Output/conflict`` says so ("Ada Lovelace was changed
/// elsewhere", with the name as loaded) until the user reloads (the current friend fills the
/// form) or overwrites (the form's fields are saved over the current revision).
public struct FriendFormViewModel: ViewModelType {
  /// Whether the form adds a new friend or edits one.
  public enum Mode: Hashable, Sendable {
    /// Add a friend.
    case add
    /// Edit the friend with this id.
    case edit(id: Int)
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

    /// Creates the input; a front that offers neither reloading nor overwriting leaves
    /// `reloadTaps` and `overwriteTaps` empty.
    public init(
      firstName: Observable<String>, lastName: Observable<String>,
      phoneNumber: Observable<String>, saveTaps: Observable<Void>,
      reloadTaps: Observable<Void> = .empty(), overwriteTaps: Observable<Void> = .empty()
    ) {
      self.firstName = firstName
      self.lastName = lastName
      self.phoneNumber = phoneNumber
      self.saveTaps = saveTaps
      self.reloadTaps = reloadTaps
      self.overwriteTaps = overwriteTaps
    }
  }

  /// What the screen shows.
  public struct Output {
    /// The values to fill the fields with: empty to add, the friend's to edit, and the
    /// current friend's again after "Reload".
    public var initialValues: Driver<FriendDraft>
    /// The first name's problem, or `nil`.
    public var firstNameMessage: Driver<String?>
    /// The last name's problem, or `nil`.
    public var lastNameMessage: Driver<String?>
    /// The phone number's problem, or `nil`.
    public var phoneNumberMessage: Driver<String?>
    /// Whether "Save" can be tapped.
    public var isSaveEnabled: Driver<Bool>
    /// Whether loading or saving runs.
    public var isLoading: Driver<Bool>
    /// Whether the fields differ from what was loaded (or from empty fields when adding), or
    /// from what was last saved; ignoring spaces around the values. `false` until the friend
    /// is loaded.
    public var isDirty: Driver<Bool>
    /// A failed load or save (but a save refused because the friend changed elsewhere,
    /// which is ``conflict``).
    public var errorMessage: Signal<String>
    /// "Ada Lovelace was changed elsewhere" (the name as loaded) after a save found the
    /// friend changed since the form loaded it; `nil` before, and again once the user
    /// reloads, overwrites or saves.
    public var conflict: Driver<String?>
    /// The friend as saved.
    public var saved: Signal<Friend>
    /// Back to the list after a save.
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

  /// Creates the view model for adding or editing.
  public init(service: FriendsService, mode: Mode) {
    self.service = service
    self.mode = mode
  }

  /// Builds the screen's chains.
  public func transform(_ input: Input) -> Output {
    let activity = ActivityTracker()

    // The friend as loaded, then as reloaded: what the form edits and saves from.
    let loadedFriends: Observable<Friend>
    let loadFailures: Observable<String>
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
        activity.track(service.friend(id: id)).asObservable()
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
    let revision: Observable<Int?>
    switch mode {
    case .add: revision = .just(nil)
    case .edit: revision = loadedFriends.map { Optional($0.revision) }
    }

    let draft = Observable.combineLatest(input.firstName, input.lastName, input.phoneNumber) {
      FriendDraft(firstName: $0, lastName: $1, phoneNumber: $2).trimmed
    }
    let isValid = draft.map { $0.validation.isValid }
    let isLoading = activity.isActive

    let saveRequests = input.saveTaps
      .withLatestFrom(Observable.combineLatest(draft, isValid, revision))
      .filter { _, isValid, _ in isValid }
      .map { draft, _, revision in SaveRequest.save(draft, revision: revision) }
    let overwriteRequests = input.overwriteTaps
      .withLatestFrom(Observable.combineLatest(draft, isValid))
      .filter { _, isValid in isValid }
      .map { draft, _ in SaveRequest.overwrite(draft) }
    let saves = Observable.merge(saveRequests, overwriteRequests)
      .flatMapFirst { [service, mode] request -> Observable<Outcome<Friend, SaveFailure>> in
        let save: Single<Friend>
        switch (mode, request) {
        case (.add, .save(let draft, _)), (.add, .overwrite(let draft)):
          save = service.add(draft)
        case (.edit(let id), .save(let draft, let revision)):
          save = service.update(
            Friend(id: id, draft: draft, revision: revision ?? Friend.firstRevision))
        case (.edit(let id), .overwrite(let draft)):
          // Over the revision stored now, whatever it is.
          save = service.friend(id: id).flatMap { current in
            service.update(Friend(id: id, draft: draft, revision: current.revision))
          }
        }
        return activity.track(save).asObservable()
          .outcomes { error in
            if case ServiceError.changedElsewhere = error { return .changedElsewhere }
            return .message("Could not save: \(describe(error))")
          }
      }
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

    func message(_ field: Observable<String>, _ rule: @escaping (String) -> ValidationResult)
      -> Driver<String?>
    {
      field.map { rule($0).message }.asDriver(onErrorJustReturn: nil).distinctUntilChanged()
    }

    // What the fields are compared with: the loaded (or reloaded) values, then each saved
    // draft.
    let baseline = Observable.merge(initialValues.map(\.trimmed), saves.values().map(\.draft))
    let isDirty = Observable.combineLatest(baseline, draft) { $0 != $1 }
      .startWith(false)
      .distinctUntilChanged()

    return Output(
      initialValues: initialValues.asDriver(onErrorDriveWith: .empty()),
      firstNameMessage: message(input.firstName, Validation.firstName),
      lastNameMessage: message(input.lastName, Validation.lastName),
      phoneNumberMessage: message(input.phoneNumber, Validation.phoneNumber),
      isSaveEnabled: Observable.combineLatest(isValid, isLoading.asObservable()) { $0 && !$1 }
        .asDriver(onErrorJustReturn: false).distinctUntilChanged(),
      isLoading: isLoading,
      isDirty: isDirty.asDriver(onErrorJustReturn: false),
      errorMessage: Observable.merge(loadFailures, saveMessages)
        .asSignal(onErrorSignalWith: .empty()),
      conflict: conflict.asDriver(onErrorJustReturn: nil),
      saved: saved,
      route: saved.map { _ in Route.back })
  }
}

/// A save the user asked for: from the revision the form loaded (`nil` when adding), or over
/// whatever revision is stored.
private enum SaveRequest {
  case save(FriendDraft, revision: Int?)
  case overwrite(FriendDraft)
}

/// Why a save failed: a friend changed elsewhere, or a message to show.
private enum SaveFailure {
  case changedElsewhere
  case message(String)
}
