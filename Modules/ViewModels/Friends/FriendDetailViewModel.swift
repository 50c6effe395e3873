import Models
import Navigator
import ReactiveCore
import Services

/// One friend's details, with "Edit" and "Delete".
public struct FriendDetailViewModel: ViewModelType {
  /// What the user does on the screen.
  public struct Input {
    /// Taps on "Edit".
    public var editTaps: Observable<Void>
    /// Confirmed taps on "Delete".
    public var deleteTaps: Observable<Void>
    /// Requests to load the friend again, such as the service's `friendsChanged`. It defaults
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
    /// A failed load or deletion.
    public var errorMessage: Signal<String>
    /// The friend's id, once deleted.
    public var deleted: Signal<Int>
    /// The edit form, or back to the list after a deletion.
    public var route: Signal<Route>
  }

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
      .flatMapLatest { [service] _ -> Observable<Outcome<Friend, String>> in
        activity.track(service.friend(id: id)).asObservable().outcomes { describe($0) }
      }
      .share(replay: 1)
    let deletions = input.deleteTaps
      .flatMapFirst { [service] _ -> Observable<Outcome<Int, String>> in
        activity.track(service.remove(id: id)).andThen(Observable.just(id))
          .outcomes { "Could not delete: \(describe($0))" }
      }
      .share()
    let deleted = deletions.values().asSignal(onErrorSignalWith: .empty())

    return Output(
      friend: loads.values().asDriver(onErrorDriveWith: .empty()),
      isLoading: activity.isActive,
      errorMessage: Observable.merge(loads.failures(), deletions.failures())
        .asSignal(onErrorSignalWith: .empty()),
      deleted: deleted,
      route: Signal.merge(
        input.editTaps.map { Route.show(.editFriend(id: id)) }
          .asSignal(onErrorSignalWith: .empty()),
        deleted.map { _ in Route.back }))
  }
}
