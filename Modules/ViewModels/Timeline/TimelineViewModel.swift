import Models
import Navigator
import ReactiveCore
import Services

/// The timeline: new posts are fetched on a timer while the screen is shown, logged in and not
/// paused, saved to the post cache, and shown from the cache with the changes between
/// updates. A banner shows while no one is logged in.
public struct TimelineViewModel: ViewModelType {
  /// What the user does on the screen.
  public struct Input {
    /// Whether fetching is paused.
    public var paused: Observable<Bool>
    /// Taps on "People".
    public var peopleTaps: Observable<Void>

    /// Creates the input.
    public init(paused: Observable<Bool> = .just(false), peopleTaps: Observable<Void> = .never()) {
      self.paused = paused
      self.peopleTaps = peopleTaps
    }
  }

  /// What the screen shows.
  public struct Output {
    /// The cached posts, newest first, with the changes since the previous value. Subscribing
    /// starts the fetcher; disposing stops it.
    public var posts: Driver<CollectionSnapshot<Post>>
    /// Whether someone is logged in (no banner) or not (a banner).
    public var loggedIn: Driver<Bool>
    /// Whether a fetch runs.
    public var isFetching: Driver<Bool>
    /// The people list.
    public var route: Signal<Route>
  }

  /// The time between two fetches.
  public static let defaultInterval: RxTimeInterval = .seconds(5)
  /// The most posts fetched at once.
  public static let pageSize = 20

  private let account: Observable<AccountStatus>
  private let service: TimelineService
  private let cache: PostCache
  private let scheduler: SchedulerType
  private let interval: RxTimeInterval

  /// Creates the view model.
  public init(
    account: Observable<AccountStatus>, service: TimelineService, cache: PostCache,
    scheduler: SchedulerType, interval: RxTimeInterval = Self.defaultInterval
  ) {
    self.account = account
    self.service = service
    self.cache = cache
    self.scheduler = scheduler
    self.interval = interval
  }

  /// Builds the screen's chains.
  public func transform(_ input: Input) -> Output {
    let activity = ActivityTracker()
    let account = self.account
    let service = self.service
    let cache = self.cache
    let scheduler = self.scheduler
    let interval = self.interval

    let posts = Observable.using(
      {
        let fetcher = TimelineFetcher(
          account: account, interval: interval, scheduler: scheduler,
          provider: { cursor in
            activity.track(service.timeline(after: cursor, limit: Self.pageSize))
              .asObservable()
              .catch { _ in .just([]) }
          })
        let session = FetchSession(fetcher)
        input.paused.bind(to: fetcher.paused).disposed(by: session.bag)
        fetcher.timeline
          .concatMap { cache.save($0).asObservable() }
          .subscribe()
          .disposed(by: session.bag)
        return session
      },
      observableFactory: { _ in cache.contents })

    return Output(
      posts: posts.asDriver(onErrorDriveWith: .empty()),
      loggedIn: account.map { $0.isAuthorized }.asDriver(onErrorJustReturn: false)
        .distinctUntilChanged(),
      isFetching: activity.isActive,
      route: input.peopleTaps.map { Route.show(.people) }.asSignal(onErrorSignalWith: .empty()))
  }
}

/// Keeps a fetcher and the subscriptions that use it alive while a screen shows its results.
final class FetchSession: Disposable, @unchecked Sendable {
  // Created, used and disposed on the main thread, by the chain that owns it.
  private(set) var fetcher: TimelineFetcher?
  private(set) var bag = DisposeBag()

  init(_ fetcher: TimelineFetcher) {
    self.fetcher = fetcher
  }

  func dispose() {
    fetcher = nil
    bag = DisposeBag()
  }
}
