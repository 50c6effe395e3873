import Models
import Navigator
import ReactiveCore
import Services

/// One friend's details, with "Edit" and "Delete".
///
/// A friend that does not exist (any more) when it loads, because it was deleted here or in
/// another process, says ``noLongerExistsText`` and goes back, once.
public struct FriendDetailViewModel: ViewModelType {
  /// What the user does on the screen.
  public struct Input {
    /// Taps on "Edit".
    public var editTaps: Observable<Void>
    /// Confirmed taps on "Delete".
    public var deleteTaps: Observable<Void>
    /// Requests to load the friend again, such as the service's `recordsChanged`. It defaults
    /// to none, and then `friend` completes after the first load.
    public var refresh: Observable<Void>

    /// Creates the input; the taps default to none ever, `refresh` to none at all.
    public init(
      editTaps: Observable<Void> = .never(), deleteTaps: Observable<Void> = .never(),
      refresh: Observable<Void> = .empty()
    ) {
      self.editTaps = editTaps
      self.deleteTaps = deleteTaps
      self.refresh = refresh
    }
  }

  /// What the screen shows.
  public struct Output {
    /// The friend, once loaded, and again after each refresh.
    public var friend: Driver<Friend>
    /// Whether loading or deleting runs.
    public var isLoading: Driver<Bool>
    /// A failed load or deletion; ``FriendDetailViewModel/noLongerExistsText`` when the
    /// friend does not exist, unless this screen's deletion removed it.
    public var errorMessage: Signal<String>
    /// The friend's id, once deleted.
    public var deleted: Signal<Int>
    /// Whether a deletion was asked for and has not failed: from the confirmed tap on.
    public var isDeleting: Driver<Bool>
    /// "Removed Ada Lovelace." (``Confirmation``), once: when the deletion ends, or when a
    /// reload finds the friend gone while it runs, whichever comes first.
    public var confirmation: Signal<String>
    /// The edit form, or back (once) after a deletion or when the friend no longer exists.
    public var route: Signal<Route>
  }

  /// What shows when the friend asked for does not exist.
  public static let noLongerExistsText = "This friend no longer exists."

  private let service: FriendsService
  private let id: Int

  /// Creates the view model for the friend with `id`.
  public init(service: FriendsService, id: Int) {
    self.service = service
    self.id = id
  }

  /// Builds the screen's chains.
  public func transform(_ input: Input) -> Output {
    let activity = ActivityTracker()
    let id = self.id

    let loads = Observable.merge(.just(()), input.refresh)
      .flatMapLatest { [service] _ -> Observable<Outcome<Friend, any Error>> in
        activity.track(service.record(id: id)).asObservable().outcomes { $0 }
      }
      .share(replay: 1)
    // Each deletion: `nil` as it starts, then how it ended.
    let deletionSteps = input.deleteTaps
      .flatMapFirst { [service] _ -> Observable<Outcome<Int, String>?> in
        activity.track(service.remove(id: id)).andThen(Observable.just(id))
          .outcomes { "Could not delete: \(describe($0))" }
          .map { Optional($0) }
          .startWith(nil)
      }
      .share()
    let deletions = deletionSteps.compactMap { $0 }
    let isDeleting = deletionSteps.map { step in
      if case .failure? = step { return false }
      return true
    }
    .startWith(false)
    .share(replay: 1)
    // A deletion here also makes the next refresh fail as not found: that is no failure.
    let notFound = loads.failures().filter { isNotFound($0) }
      .withLatestFrom(isDeleting) { _, isDeleting in isDeleting }
      .share()
    let gone = notFound.map { _ in () }
    let loadFailures = loads.failures().filter { !isNotFound($0) }.map { describe($0) }
    let deleted = deletions.values().asSignal(onErrorSignalWith: .empty())
    // One way back only, and one confirmation.
    let leave = Observable.merge(deletions.values().map { _ in () }, gone).take(1)
    let removedHere = Observable.merge(
      deletions.values().map { _ in () }, notFound.filter { $0 }.map { _ in () }
    )
    .take(1)

    return Output(
      friend: loads.values().asDriver(onErrorDriveWith: .empty()),
      isLoading: activity.isActive,
      errorMessage: Observable.merge(
        loadFailures, notFound.filter { !$0 }.map { _ in Self.noLongerExistsText },
        deletions.failures()
      )
      .asSignal(onErrorSignalWith: .empty()),
      deleted: deleted,
      isDeleting: isDeleting.asDriver(onErrorJustReturn: false),
      confirmation: removedHere.withLatestFrom(loads.values()) { _, friend in
        Confirmation.removed(friend.fullName)
      }
      .asSignal(onErrorSignalWith: .empty()),
      route: Signal.merge(
        input.editTaps.map { Route.show(.editFriend(id: id)) }
          .asSignal(onErrorSignalWith: .empty()),
        leave.map { Route.back }.asSignal(onErrorSignalWith: .empty())))
  }
}
