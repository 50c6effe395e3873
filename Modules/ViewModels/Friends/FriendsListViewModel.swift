import Models
import Navigator
import ReactiveCore
import Services

/// The friends list: loads with a spinner, shows friends or an empty or error row, deletes
/// (and says whom), opens a friend's details or edit form, opens the add form, and reloads on
/// refresh or when the data changes (also when another process changes it).
public struct FriendsListViewModel: ViewModelType {
  /// What the user does on the screen.
  public struct Input {
    /// Requests to load the list again.
    public var refresh: Observable<Void>
    /// Friends the user deletes.
    public var delete: Observable<FriendCellViewModel>
    /// Friends the user selects, to edit them.
    public var select: Observable<FriendCellViewModel>
    /// Friends the user opens, to see their details.
    public var open: Observable<FriendCellViewModel>
    /// Taps on "Add".
    public var addTaps: Observable<Void>
    /// Taps on "Search".
    public var searchTaps: Observable<Void>
    /// Taps on "Timeline".
    public var timelineTaps: Observable<Void>

    /// Creates the input; each stream defaults to one that never emits.
    public init(
      refresh: Observable<Void> = .never(), delete: Observable<FriendCellViewModel> = .never(),
      select: Observable<FriendCellViewModel> = .never(),
      open: Observable<FriendCellViewModel> = .never(), addTaps: Observable<Void> = .never(),
      searchTaps: Observable<Void> = .never(), timelineTaps: Observable<Void> = .never()
    ) {
      self.refresh = refresh
      self.delete = delete
      self.select = select
      self.open = open
      self.addTaps = addTaps
      self.searchTaps = searchTaps
      self.timelineTaps = timelineTaps
    }
  }

  /// What the screen shows.
  public struct Output {
    /// The rows: friends, or one empty or error row. Empty until the first load ends.
    public var cells: Driver<[FriendCellType]>
    /// Whether a load or a deletion runs.
    public var isLoading: Driver<Bool>
    /// Problems to acknowledge: a failed load or deletion.
    public var alert: Signal<Alert>
    /// The full name of each friend deleted, once the deletion succeeded.
    public var deleted: Signal<String>
    /// Where to go: the edit form of a selected friend, the details of an opened one, the add
    /// form, search, or the timeline.
    public var route: Signal<Route>
  }

  /// The title of the alert for a failed load (the error row carries the same message, so a
  /// front that shows the row may leave this alert out).
  public static let loadFailureTitle = "Could not load friends"

  private let service: FriendsService

  /// Creates the view model over a friends service.
  public init(service: FriendsService) {
    self.service = service
  }

  /// Builds the screen's chains.
  public func transform(_ input: Input) -> Output {
    let activity = ActivityTracker()
    let deletions = input.delete
      .flatMap { [service] cell -> Observable<Outcome<FriendCellViewModel, Alert>> in
        activity.track(service.remove(id: cell.friend.id))
          .andThen(Observable.just(cell))
          .outcomes { Alert(title: "Could not delete \(cell.fullName)", message: describe($0)) }
      }
      .share()

    let loads = Observable.merge(
      .just(()), input.refresh, deletions.values().map { _ in () }, service.friendsChanged
    )
    .flatMapLatest { [service] _ -> Observable<Outcome<[FriendCellType], String>> in
      activity.track(service.friends())
        .asObservable()
        .map { friends in
          friends.isEmpty ? [.empty] : friends.map { .normal(FriendCellViewModel(friend: $0)) }
        }
        .outcomes { describe($0) }
    }
    .share(replay: 1)
    let cells = loads.map { outcome -> [FriendCellType] in
      switch outcome {
      case .value(let cells): return cells
      case .failure(let message): return [.error(message)]
      }
    }
    let alerts = Observable.merge(
      deletions.failures(),
      loads.failures().map { Alert(title: Self.loadFailureTitle, message: $0) })

    let route = Observable.merge(
      input.select.map { Route.show(.editFriend(id: $0.friend.id)) },
      input.open.map { Route.show(.friendDetail(id: $0.friend.id)) },
      input.addTaps.map { Route.show(.addFriend) },
      input.searchTaps.map { Route.show(.search) },
      input.timelineTaps.map { Route.show(.timeline) })

    return Output(
      cells: cells.asDriver(onErrorJustReturn: []),
      isLoading: activity.isActive,
      alert: alerts.asSignal(onErrorSignalWith: .empty()),
      deleted: deletions.values().map(\.fullName).asSignal(onErrorSignalWith: .empty()),
      route: route.asSignal(onErrorSignalWith: .empty()))
  }
}
