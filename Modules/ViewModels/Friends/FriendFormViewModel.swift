import Models
import Navigator
import ReactiveCore
import Services

/// The add and edit forms: first name, last name and phone number, validated as you type;
/// "Save" is enabled only while all three are valid and nothing is saving. A saved friend
/// routes back to the list, which reloads because the data changed.
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

    /// Creates the input.
    public init(
      firstName: Observable<String>, lastName: Observable<String>,
      phoneNumber: Observable<String>, saveTaps: Observable<Void>
    ) {
      self.firstName = firstName
      self.lastName = lastName
      self.phoneNumber = phoneNumber
      self.saveTaps = saveTaps
    }
  }

  /// What the screen shows.
  public struct Output {
    /// The values to fill the fields with: empty to add, the friend's to edit.
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
    /// A failed load or save.
    public var errorMessage: Signal<String>
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

    let load: Observable<Outcome<FriendDraft, String>>
    switch mode {
    case .add:
      load = .just(.value(FriendDraft(firstName: "", lastName: "", phoneNumber: "")))
    case .edit(let id):
      load = activity.track(service.friend(id: id)).asObservable()
        .map { $0.draft }
        .outcomes {
          isNotFound($0)
            ? Friend.missingText(id: id) : "Could not load friend \(id): \(describe($0))"
        }
        .share(replay: 1)
    }

    let draft = Observable.combineLatest(input.firstName, input.lastName, input.phoneNumber) {
      FriendDraft(firstName: $0, lastName: $1, phoneNumber: $2).trimmed
    }
    let isValid = draft.map { $0.validation.isValid }
    let isLoading = activity.isActive

    let saves = input.saveTaps
      .withLatestFrom(Observable.combineLatest(draft, isValid))
      .filter { _, isValid in isValid }
      .map { draft, _ in draft }
      .flatMapFirst { [service, mode] draft -> Observable<Outcome<Friend, String>> in
        let request: Single<Friend>
        switch mode {
        case .add: request = service.add(draft)
        case .edit(let id): request = service.update(Friend(id: id, draft: draft))
        }
        return activity.track(request).asObservable()
          .outcomes { "Could not save: \(describe($0))" }
      }
      .share()
    let saved = saves.values().asSignal(onErrorSignalWith: .empty())

    func message(_ field: Observable<String>, _ rule: @escaping (String) -> ValidationResult)
      -> Driver<String?>
    {
      field.map { rule($0).message }.asDriver(onErrorJustReturn: nil).distinctUntilChanged()
    }

    // What the fields are compared with: the loaded values, then each saved draft.
    let baseline = Observable.merge(load.values().map(\.trimmed), saves.values().map(\.draft))
    let isDirty = Observable.combineLatest(baseline, draft) { $0 != $1 }
      .startWith(false)
      .distinctUntilChanged()

    return Output(
      initialValues: load.values().asDriver(onErrorDriveWith: .empty()),
      firstNameMessage: message(input.firstName, Validation.firstName),
      lastNameMessage: message(input.lastName, Validation.lastName),
      phoneNumberMessage: message(input.phoneNumber, Validation.phoneNumber),
      isSaveEnabled: Observable.combineLatest(isValid, isLoading.asObservable()) { $0 && !$1 }
        .asDriver(onErrorJustReturn: false).distinctUntilChanged(),
      isLoading: isLoading,
      isDirty: isDirty.asDriver(onErrorJustReturn: false),
      errorMessage: Observable.merge(load.failures(), saves.failures())
        .asSignal(onErrorSignalWith: .empty()),
      saved: saved,
      route: saved.map { _ in Route.back })
  }
}
