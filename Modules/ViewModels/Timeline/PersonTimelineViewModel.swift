import Models
import Navigator
import ReactiveCore
import Services

/// One person's posts: pages accumulate, newest first, while the screen is shown; the title
/// is "None found" until posts arrive, then the person's name. A failed fetch shows why and
/// keeps the posts shown; the next good fetch clears the message.
public struct PersonTimelineViewModel: ViewModelType {
  /// What the user does on the screen.
  public struct Input {
    /// Whether fetching is paused.
    public var paused: Observable<Bool>
    /// The posts the user opens, to read them whole.
    public var openedPosts: Observable<Post>

    /// Creates the input.
    public init(paused: Observable<Bool> = .just(false), openedPosts: Observable<Post> = .never()) {
      self.paused = paused
      self.openedPosts = openedPosts
    }
  }

  /// What the screen shows.
  public struct Output {
    /// The posts so far, newest first. Subscribing starts the fetcher; disposing stops it.
    public var posts: Driver<[Post]>
    /// "None found" until posts arrive, then the person's name.
    public var title: Driver<String>
    /// Whether a fetch runs.
    public var isFetching: Driver<Bool>
    /// Why the latest fetch failed, or `nil` when it succeeded (and before the first ends).
    public var errorMessage: Driver<String?>
    /// Where to go next: a post opened, to read it whole.
    public var route: Signal<Route>
  }

  /// The title while no post has arrived.
  public static let noneFound = "None found"

  private let person: Person
  private let account: Observable<AccountStatus>
  private let service: TimelineService
  private let scheduler: SchedulerType
  private let interval: RxTimeInterval

  /// Creates the view model for `person`.
  public init(
    person: Person, account: Observable<AccountStatus>, service: TimelineService,
    scheduler: SchedulerType, interval: RxTimeInterval = TimelineViewModel.defaultInterval
  ) {
    self.person = person
    self.account = account
    self.service = service
    self.scheduler = scheduler
    self.interval = interval
  }

  /// Builds the screen's chains.
  public func transform(_ input: Input) -> Output {
    let activity = ActivityTracker()
    let (person, account, service, scheduler, interval) = (
      self.person, self.account, self.service, self.scheduler, self.interval
    )
    let results = Observable.using(
      {
        let fetcher = TimelineFetcher(
          account: account, interval: interval, scheduler: scheduler,
          provider: { cursor in
            activity.track(
              service.posts(of: person, after: cursor, limit: TimelineViewModel.pageSize)
            )
            .asObservable()
          })
        let session = FetchSession(fetcher)
        input.paused.bind(to: fetcher.paused).disposed(by: session.bag)
        return session
      },
      observableFactory: { session in session.fetcher?.results ?? .empty() }
    )
    .share(replay: 1)

    let posts = results.compactMap { try? $0.get() }.filter { !$0.isEmpty }
      .asDriver(onErrorJustReturn: [])
      .scan([]) { older, newer in newer + older }
      .startWith([])
    let errorMessage = results.failureMessages()
    return Output(
      posts: posts,
      title: posts.map { $0.isEmpty ? Self.noneFound : person.name }.distinctUntilChanged(),
      isFetching: activity.isActive,
      errorMessage: errorMessage.asDriver(onErrorJustReturn: nil),
      route: input.openedPosts.map { Route.show(.post($0)) }.asSignal(onErrorSignalWith: .empty()))
  }
}
