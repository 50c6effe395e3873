import Models
import Navigator
import ReactiveCore
import Services

/// The friends list: loads with a spinner, shows friends or an empty or error row, deletes
/// (and says whom), opens a friend's details or edit form, opens the add form, selects the
/// friend a form saved, and reloads on refresh or when the data changes (also when another
/// process changes it). Finding a friend and the friends' activity leave the feature as
/// ``FriendsOutward`` routes, which the app sends where it chooses.
///
/// A failed load is not an alert: it is ``Output/loadFailure``, which says what failed and when
/// the list tries again, and goes when a load succeeds. After a failed load the list loads
/// again by itself every ``retryInterval`` of the injected scheduler until one succeeds (a
/// server back from an outage shows the list again without a key); any other load in between
/// starts the wait again.
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
    /// Taps on "Find": ``FriendsOutward/find``.
    public var findTaps: Observable<Void>
    /// Taps on "Activity": ``FriendsOutward/activity``.
    public var activityTaps: Observable<Void>
    /// What the scenes the list went to handed back as they went (the navigator's
    /// `results`): a ``FriendSaved`` selects that friend.
    public var results: Observable<SceneResult>

    /// Creates the input; each stream defaults to one that never emits.
    public init(
      refresh: Observable<Void> = .never(), delete: Observable<FriendCellViewModel> = .never(),
      select: Observable<FriendCellViewModel> = .never(),
      open: Observable<FriendCellViewModel> = .never(), addTaps: Observable<Void> = .never(),
      findTaps: Observable<Void> = .never(), activityTaps: Observable<Void> = .never(),
      results: Observable<SceneResult> = .never()
    ) {
      self.refresh = refresh
      self.delete = delete
      self.select = select
      self.open = open
      self.addTaps = addTaps
      self.findTaps = findTaps
      self.activityTaps = activityTaps
      self.results = results
    }
  }

  /// What the screen shows.
  public struct Output {
    /// The rows: friends, or one empty or error row. Empty until the first load ends.
    public var cells: Driver<[FriendCellType]>
    /// Whether a load or a deletion runs.
    public var isLoading: Driver<Bool>
    /// Problems to acknowledge: a failed deletion. (A failed load is ``loadFailure``.)
    public var alert: Signal<Alert>
    /// The last load's failure while no later load succeeded, or `nil`.
    public var loadFailure: Driver<LoadFailure?>
    /// "Removed Ada Lovelace." for each friend deleted, once the deletion succeeded
    /// (``Confirmation``).
    public var confirmation: Signal<String>
    /// The id of the friend to select, once per friend a form saved and handed back.
    public var selection: Signal<Int>
    /// Where to go: the edit form of a selected friend, the details of an opened one, the add
    /// form, or out of the feature (``FriendsOutward``).
    public var route: Signal<Route>
  }

  /// A failed load: what failed, and when the list tries again.
  public struct LoadFailure: Hashable, Sendable {
    /// "Could not load the friends: …" while no friend is shown, else "Could not refresh: …".
    public var text: String
    /// "Trying again every 5 s".
    public var retry: String

    /// Creates a failure's description.
    public init(text: String, retry: String) {
      self.text = text
      self.retry = retry
    }
  }

  /// How long after a failed load the list loads again by itself.
  public static let retryInterval: RxTimeInterval = .seconds(5)

  private let service: FriendsService
  private let scheduler: SchedulerType
  private let retryInterval: RxTimeInterval

  /// Creates the view model over a friends service; after a failed load it loads again every
  /// `retryInterval` on `scheduler`.
  public init(
    service: FriendsService, scheduler: SchedulerType,
    retryInterval: RxTimeInterval = FriendsListViewModel.retryInterval
  ) {
    self.service = service
    self.scheduler = scheduler
    self.retryInterval = retryInterval
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

    let retries = PublishRelay<Void>()
    let loads = Observable.merge(
      .just(()), input.refresh, deletions.values().map { _ in () }, service.recordsChanged,
      retries.asObservable()
    )
    .flatMapLatest { [service] _ -> Observable<Outcome<[FriendCellType], String>> in
      activity.track(service.records())
        .asObservable()
        .map { friends in
          friends.isEmpty ? [.empty] : friends.map { .normal(FriendCellViewModel(friend: $0)) }
        }
        .outcomes { describe($0) }
    }
    .share(replay: 1)
    // After a failed load, the next one after the interval, unless another load came first.
    let retryTimer = loads.flatMapLatest {
      [scheduler, retryInterval] outcome -> Observable<Outcome<[FriendCellType], String>> in
      guard case .failure = outcome else { return .empty() }
      return Observable<Int>.timer(retryInterval, scheduler: scheduler)
        .flatMap { _ -> Observable<Outcome<[FriendCellType], String>> in
          retries.accept(())
          return .empty()
        }
    }
    let outcomes = Observable.merge(loads, retryTimer).share(replay: 1)
    let cells = outcomes.map { outcome -> [FriendCellType] in
      switch outcome {
      case .value(let cells): return cells
      case .failure(let message): return [.error(message)]
      }
    }
    // Whether friends were shown before each outcome, to say what a failure means.
    let failures = outcomes.scan((shown: false, failure: LoadFailure?.none)) {
      [retryInterval] state, outcome in
      switch outcome {
      case .value(let cells):
        let shown = cells.contains { if case .normal = $0 { true } else { false } }
        return (shown, nil)
      case .failure(let message):
        let lead = state.shown ? "Could not refresh" : "Could not load the friends"
        let seconds = Int(retryInterval.seconds)
        return (
          state.shown,
          LoadFailure(text: "\(lead): \(message)", retry: "Trying again every \(seconds) s")
        )
      }
    }
    .map(\.failure)
    let alerts = deletions.failures()

    let route = Observable.merge(
      input.select.map { Route.show(.editFriend(id: $0.friend.id)) },
      input.open.map { Route.show(.friendDetail(id: $0.friend.id)) },
      input.addTaps.map { Route.show(.addFriend) },
      input.findTaps.map { Route(outward: FriendsOutward.find) },
      input.activityTaps.map { Route(outward: FriendsOutward.activity) })

    return Output(
      cells: cells.asDriver(onErrorJustReturn: []),
      isLoading: activity.isActive,
      alert: alerts.asSignal(onErrorSignalWith: .empty()),
      loadFailure: failures.startWith(nil).asDriver(onErrorJustReturn: nil)
        .distinctUntilChanged(),
      confirmation: deletions.values().map { Confirmation.removed($0.fullName) }
        .asSignal(onErrorSignalWith: .empty()),
      selection: input.results.compactMap { $0.as(FriendSaved.self)?.id }
        .asSignal(onErrorSignalWith: .empty()),
      route: route.asSignal(onErrorSignalWith: .empty()))
  }
}
