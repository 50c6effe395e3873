import Foundation
import Models
import Navigator
import ReactiveCore
import Services

/// Search as you type.
///
/// The query is trimmed and debounced by 300 ms on the injected scheduler; a query equal to the
/// previous one is skipped; queries under two characters show no results without a request; a
/// newer query cancels the running search (`flatMapLatest`). A failed search can be retried
/// with exponential backoff before "Search for X failed" shows; the results stream stays alive
/// either way.
public struct SearchViewModel: ViewModelType {
  /// How failed searches are retried.
  public struct RetryPolicy: Equatable, Sendable {
    /// How many times a failed search is tried again.
    public var retries: Int
    /// The wait before the first retry; each later wait doubles.
    public var initialDelay: RxTimeInterval

    /// Creates a policy.
    public init(retries: Int, initialDelay: RxTimeInterval) {
      self.retries = retries
      self.initialDelay = initialDelay
    }

    /// No retry: a failure shows at once.
    public static let none = RetryPolicy(retries: 0, initialDelay: .never)

    /// Two retries, after 200 ms and then 400 ms.
    public static let standard = RetryPolicy(retries: 2, initialDelay: .milliseconds(200))
  }

  /// What the user does on the screen.
  public struct Input {
    /// The search field's text, each time it changes.
    public var query: Observable<String>
    /// Results the user selects.
    public var select: Observable<Friend>

    /// Creates the input.
    public init(query: Observable<String>, select: Observable<Friend> = .never()) {
      self.query = query
      self.select = select
    }
  }

  /// What one search found, with the query it was for.
  public struct Results: Hashable, Sendable {
    /// The query as searched: trimmed.
    public var query: String
    /// The friends found; empty when the query was too short to search.
    public var friends: [Friend]
    /// Whether the service was asked: `false` for a query shorter than
    /// `minimumQueryLength`, which shows no results without a request.
    public var wasSearched: Bool

    /// Creates the results of `query`.
    public init(query: String, friends: [Friend], wasSearched: Bool) {
      self.query = query
      self.friends = friends
      self.wasSearched = wasSearched
    }
  }

  /// What the screen shows.
  public struct Output {
    /// Each completed search with its query, for screens that show which query the results
    /// are for (a short query gives empty results that were not searched).
    public var searches: Driver<Results>
    /// The results of the latest completed search (empty for short queries): the friends of
    /// `searches`.
    public var results: Driver<[Friend]>
    /// Whether a search runs.
    public var isSearching: Driver<Bool>
    /// "Search for X failed", once per failed search.
    public var errorMessage: Signal<String>
    /// The selected friend's detail.
    public var route: Signal<Route>
  }

  /// How long typing must pause before a search starts.
  public static let debounce: RxTimeInterval = .milliseconds(300)
  /// The shortest query that is searched.
  public static let minimumQueryLength = 2
  /// What to show for a query too short to search.
  public static let shortQueryText = "Type at least \(minimumQueryLength) characters to search."

  private let service: SearchService
  private let scheduler: SchedulerType
  private let retry: RetryPolicy

  /// Creates the view model; `scheduler` times the debounce and the retries.
  public init(service: SearchService, scheduler: SchedulerType, retry: RetryPolicy = .none) {
    self.service = service
    self.scheduler = scheduler
    self.retry = retry
  }

  /// Builds the screen's chains.
  public func transform(_ input: Input) -> Output {
    let activity = ActivityTracker()
    let scheduler = self.scheduler
    let retry = self.retry

    let outcomes = input.query
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .debounce(Self.debounce, scheduler: scheduler)
      .distinctUntilChanged()
      .flatMapLatest { [service] query -> Observable<Outcome<Results, String>> in
        guard query.count >= Self.minimumQueryLength else {
          return .just(.value(Results(query: query, friends: [], wasSearched: false)))
        }
        var request = service.search(query).asObservable()
        if retry.retries > 0 {
          request = request.retry(
            retry.retries + 1, delay: .exponential(initial: retry.initialDelay, multiplier: 2),
            scheduler: scheduler)
        }
        return activity.track(request)
          .map { Results(query: query, friends: $0, wasSearched: true) }
          .outcomes { _ in "Search for \(query) failed" }
      }
      .share()

    let searches = outcomes.values().asDriver(onErrorDriveWith: .empty())
    return Output(
      searches: searches,
      results: searches.map(\.friends),
      isSearching: activity.isActive,
      errorMessage: outcomes.failures().asSignal(onErrorSignalWith: .empty()),
      route: input.select.map { Route.show(.friendDetail(id: $0.id)) }
        .asSignal(onErrorSignalWith: .empty()))
  }
}
