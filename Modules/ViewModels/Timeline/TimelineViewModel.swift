import Models
import Navigator
import ReactiveCore
import Services

/// The timeline: new posts are fetched on a timer while the screen is shown, logged in and not
/// paused, saved to the post cache, and shown from the cache with the changes between
/// updates. A banner shows while no one is logged in; "Loading…" until the first fetch ends;
/// a failed fetch shows why, keeps the posts shown, and the next good fetch clears it.
///
/// Every output works on its own: each one subscribed starts the one shared fetcher, which
/// runs while any output is subscribed; meanwhile the service is told that the timeline is
/// watched (`watchTimeline()`), so a live demo can write posts.
public struct TimelineViewModel: ViewModelType {
  /// What the user does on the screen.
  public struct Input {
    /// Whether fetching is paused.
    public var paused: Observable<Bool>
    /// Taps on "People".
    public var peopleTaps: Observable<Void>
    /// The posts the user opens, to read them whole.
    public var openedPosts: Observable<Post>
    /// Requests for the page before the oldest post shown (the user scrolled past the last
    /// post). A request while one runs, or while no post is shown, is ignored.
    public var loadOlder: Observable<Void>

    /// Creates the input.
    public init(
      paused: Observable<Bool> = .just(false), peopleTaps: Observable<Void> = .never(),
      openedPosts: Observable<Post> = .never(), loadOlder: Observable<Void> = .never()
    ) {
      self.paused = paused
      self.peopleTaps = peopleTaps
      self.openedPosts = openedPosts
      self.loadOlder = loadOlder
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
    /// `true` while logged in and no fetch has ended yet: the screen says ``loadingText``
    /// instead of "No posts yet.".
    public var isLoading: Driver<Bool>
    /// Whether the page before the oldest post shown is being fetched: the screen says
    /// ``loadingOlderText``.
    public var isLoadingOlder: Driver<Bool>
    /// `true` once a request for older posts found fewer than a page: there is nothing older,
    /// and the screen says ``noOlderText``. `false` at first.
    public var reachedOldest: Driver<Bool>
    /// Why the latest fetch (of new or of older posts) failed, or `nil` when it succeeded
    /// (and before the first ends).
    public var errorMessage: Driver<String?>
    /// Where to go next: the people list, or a post opened to read it whole.
    public var route: Signal<Route>
  }

  /// The time between two fetches.
  public static let defaultInterval: RxTimeInterval = .seconds(5)
  /// The most posts fetched at once.
  public static let pageSize = 20
  /// What the screen shows until the first fetch ends.
  public static let loadingText = "Loading…"
  /// What the screen shows while older posts are fetched.
  public static let loadingOlderText = "Loading older posts…"
  /// What the screen shows once there is nothing older.
  public static let noOlderText = "No older posts."

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

    let results = Observable.using(
      {
        let fetcher = TimelineFetcher(
          account: account, interval: interval, scheduler: scheduler,
          provider: { cursor in
            activity.track(service.timeline(after: cursor, limit: Self.pageSize)).asObservable()
          })
        let session = FetchSession(fetcher)
        input.paused.bind(to: fetcher.paused).disposed(by: session.bag)
        // The timeline is watched as long as the fetcher runs.
        service.watchTimeline().subscribe().disposed(by: session.bag)
        fetcher.timeline
          .concatMap { cache.save($0).asObservable() }
          .subscribe()
          .disposed(by: session.bag)
        return session
      },
      observableFactory: { session -> Observable<PageOutcome> in
        guard let fetcher = session.fetcher else { return .empty() }
        return Observable.merge(
          fetcher.results.map(PageOutcome.newer),
          Self.olderPages(requests: input.loadOlder, service: service, cache: cache))
      }
    )
    .share(replay: 1)

    let newer = results.compactMap(\.newer)
    let loggedIn = account.map { $0.isAuthorized }.distinctUntilChanged()
    let firstFetchEnded = newer.map { _ in true }.startWith(false).distinctUntilChanged()
    let isLoading = Observable.combineLatest(loggedIn, firstFetchEnded) { $0 && !$1 }
      .distinctUntilChanged()
    let errorMessage = results.failureMessages()
    let isLoadingOlder = results.isLoadingOlder()
    let reachedOldest = results.reachedOldest(pageSize: Self.pageSize)

    return Output(
      posts: cache.contents.keepingRunning(results).asDriver(onErrorDriveWith: .empty()),
      loggedIn: loggedIn.asDriver(onErrorJustReturn: false),
      isFetching: activity.isActive,
      isLoading: isLoading.asDriver(onErrorJustReturn: false),
      isLoadingOlder: isLoadingOlder.asDriver(onErrorJustReturn: false),
      reachedOldest: reachedOldest.asDriver(onErrorJustReturn: false),
      errorMessage: errorMessage.asDriver(onErrorJustReturn: nil),
      route: Observable.merge(
        input.peopleTaps.map { Route.show(.people) },
        input.openedPosts.map { Route.show(.post($0)) }
      )
      .asSignal(onErrorSignalWith: .empty()))
  }

  /// For each request, while none runs, the page before the oldest cached post, saved to the
  /// cache before its outcome is told.
  private static func olderPages(
    requests: Observable<Void>, service: TimelineService, cache: PostCache
  ) -> Observable<PageOutcome> {
    PageOutcome.olderPages(requests: requests.withLatestFrom(cache.contents)) { snapshot in
      let cursor = TimelineCursor.none.advanced(with: snapshot.elements)
      guard cursor.oldestId != nil else { return nil }
      return service.timeline(before: cursor, limit: pageSize)
        .flatMap { page in cache.save(page).andThen(Single.just(page)) }
    }
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
