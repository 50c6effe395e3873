import Models
import Navigator
import ReactiveCore
import Services

/// One person's posts: pages accumulate, newest first, while the screen is shown; the title
/// is "None found" until posts arrive, then the person's name. Scrolling past the last post
/// fetches the page before it. A failed fetch shows why and keeps the posts shown; the next
/// good fetch clears the message.
public struct PersonTimelineViewModel: ViewModelType {
  /// What the user does on the screen.
  public struct Input {
    /// Whether fetching is paused.
    public var paused: Observable<Bool>
    /// The posts the user opens, to read them whole.
    public var openedPosts: Observable<Post>
    /// Requests for the page before the oldest post shown (the user scrolled past the last
    /// post). A request while one runs, or while no post is shown, is ignored.
    public var loadOlder: Observable<Void>

    /// Creates the input.
    public init(
      paused: Observable<Bool> = .just(false), openedPosts: Observable<Post> = .never(),
      loadOlder: Observable<Void> = .never()
    ) {
      self.paused = paused
      self.openedPosts = openedPosts
      self.loadOlder = loadOlder
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
    /// Whether the page before the oldest post shown is being fetched: the screen says
    /// ``TimelineViewModel/loadingOlderText``.
    public var isLoadingOlder: Driver<Bool>
    /// `true` once a request for older posts found fewer than a page: there is nothing older,
    /// and the screen says ``TimelineViewModel/noOlderText``. `false` at first.
    public var reachedOldest: Driver<Bool>
    /// Why the latest fetch (of new or of older posts) failed, or `nil` when it succeeded (and
    /// before the first ends).
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
    let pageSize = TimelineViewModel.pageSize
    let results = Observable.using(
      {
        let fetcher = TimelineFetcher(
          account: account, interval: interval, scheduler: scheduler,
          provider: { cursor in
            activity.track(service.posts(of: person, after: cursor, limit: pageSize))
              .asObservable()
          })
        let session = FetchSession(fetcher)
        input.paused.bind(to: fetcher.paused).disposed(by: session.bag)
        return session
      },
      observableFactory: { session -> Observable<PageOutcome> in
        guard let fetcher = session.fetcher else { return .empty() }
        // The oldest post shown, for the next older page: kept as the outcomes pass.
        let shown = BehaviorRelay(value: TimelineCursor.none)
        let older = PageOutcome.olderPages(requests: input.loadOlder) { _ in
          let cursor = shown.value
          guard cursor.oldestId != nil else { return nil }
          return service.posts(of: person, before: cursor, limit: pageSize)
        }
        return Observable.merge(fetcher.results.map(PageOutcome.newer), older)
          .do(onNext: { outcome in
            if case .success(let page) = outcome.newer ?? outcome.older {
              shown.accept(shown.value.advanced(with: page))
            }
          })
      }
    )
    .share(replay: 1)

    let posts =
      results
      .compactMap { outcome -> (newer: [Post], older: [Post])? in
        switch outcome {
        case .newer(.success(let page)) where !page.isEmpty: return (page, [])
        case .older(.success(let page)) where !page.isEmpty: return ([], page)
        default: return nil
        }
      }
      .scan([Post]()) { shown, pages in pages.newer + shown + pages.older }
      .startWith([])
      .asDriver(onErrorJustReturn: [])
    return Output(
      posts: posts,
      title: posts.map { $0.isEmpty ? Self.noneFound : person.name }.distinctUntilChanged(),
      isFetching: activity.isActive,
      isLoadingOlder: results.isLoadingOlder().asDriver(onErrorJustReturn: false),
      reachedOldest: results.reachedOldest(pageSize: pageSize).asDriver(onErrorJustReturn: false),
      errorMessage: results.failureMessages().asDriver(onErrorJustReturn: nil),
      route: input.openedPosts.map { Route.show(.post($0)) }.asSignal(onErrorSignalWith: .empty()))
  }
}
