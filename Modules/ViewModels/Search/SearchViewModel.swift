import Foundation
import Models
import Navigator
import ReactiveCore
import Services

/// Search as you type.
///
/// The query is trimmed and debounced by 300 ms on the injected scheduler; a query equal to the
/// previous one is skipped; queries under two characters (save one ideograph such as 李 or one
/// Hangul syllable, each a name on its own) show no results without a request; a
/// newer query cancels the running search (`flatMapLatest`). A failed search can be retried
/// with exponential backoff before "Search for X failed" shows; the results stream stays alive
/// either way. Each `Input.refresh` (such as the app's `searchResultsChanged`) searches
/// the latest query again, so results follow a friend renamed or deleted while they show.
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
    /// Requests to search the latest query again, such as the app's
    /// `searchResultsChanged`. It defaults to none at all, and then the outputs complete with
    /// `query`.
    public var refresh: Observable<Void>

    /// Creates the input.
    public init(
      query: Observable<String>, select: Observable<Friend> = .never(),
      refresh: Observable<Void> = .empty()
    ) {
      self.query = query
      self.select = select
      self.refresh = refresh
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

  /// What the results area shows for the text in the search field.
  public enum Status: Hashable, Sendable {
    /// The field holds fewer than `minimumQueryLength` characters: ``shortQueryText``.
    case tooShort
    /// A search for the field's text waits for the pause in typing or runs, and no earlier
    /// results are shown meanwhile: ``searchingText``.
    case searching(query: String)
    /// The friends found, for the field's text or, while a newer search runs, for the
    /// previous query.
    case found([Friend])
    /// The search for `query` found nobody: ``noMatchesText``.
    case noMatches(query: String)
    /// The search for the field's text failed, with the message `errorMessage` emitted.
    case failed(String)

    /// The line to show instead of results, or `nil` for ``found(_:)``.
    public var text: String? {
      switch self {
      case .tooShort: return SearchViewModel.shortQueryText
      case .searching: return SearchViewModel.searchingText
      case .found: return nil
      case .noMatches: return SearchViewModel.noMatchesText
      case .failed(let message): return message
      }
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
    /// What the results area shows, from the field's text as typed (before the debounce):
    /// never "No friend matches." while a search for the text is pending or runs.
    public var status: Driver<Status>
    /// "Search for X failed", once per failed search.
    public var errorMessage: Signal<String>
    /// The selected friend, as a ``SearchOutward``: where it leads, the app decides.
    public var route: Signal<Route>
  }

  /// How long typing must pause before a search starts.
  public static let debounce: RxTimeInterval = .milliseconds(300)
  /// The shortest query that is searched, in characters; see ``isSearchable(_:)``.
  nonisolated public static let minimumQueryLength = 2

  /// Whether `query` (trimmed) is long enough to search: ``minimumQueryLength`` characters,
  /// or a single ideograph (`李`) or Hangul syllable (`김`), which is a whole name or word in
  /// Chinese, Japanese and Korean, and as wide on the screen as two Latin letters.
  nonisolated public static func isSearchable(_ query: String) -> Bool {
    if query.count >= minimumQueryLength { return true }
    guard query.count == 1, let scalar = query.unicodeScalars.first else { return false }
    return scalar.properties.isIdeographic || (0xAC00...0xD7A3).contains(scalar.value)
  }
  /// What to show for a query too short to search.
  nonisolated public static let shortQueryText =
    "Type at least \(minimumQueryLength) characters to search."
  /// What to show while a search runs and no results are shown.
  nonisolated public static let searchingText = "Searching…"
  /// What to show when a search found nobody.
  nonisolated public static let noMatchesText = "No friend matches."

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

    let typed = input.query.map { $0.trimmingCharacters(in: .whitespaces) }.share(replay: 1)
    let queries =
      typed
      .debounce(Self.debounce, scheduler: scheduler)
      .distinctUntilChanged()
      .share()
    let outcomes = Observable.merge(queries, input.refresh.withLatestFrom(queries))
      .flatMapLatest { [service] query -> Observable<Outcome<Results, Failure>> in
        guard Self.isSearchable(query) else {
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
          .outcomes { _ in Failure(query: query, message: "Search for \(query) failed") }
      }
      .share(replay: 1)

    let searches = outcomes.values().asDriver(onErrorDriveWith: .empty())
    let status = Observable.combineLatest(
      typed.startWith(""), outcomes.map(Optional.some).startWith(nil)
    ) { typed, latest in
      Self.status(typed: typed, latest: latest)
    }
    .distinctUntilChanged()
    return Output(
      searches: searches,
      results: searches.map(\.friends),
      isSearching: activity.isActive,
      status: status.asDriver(onErrorDriveWith: .empty()),
      errorMessage: outcomes.failures().map(\.message).asSignal(onErrorSignalWith: .empty()),
      route: input.select.map { Route(outward: SearchOutward(openingResult: $0.id)) }
        .asSignal(onErrorSignalWith: .empty()))
  }

  /// A failed search: its query, and the message shown.
  private struct Failure {
    var query: String
    var message: String
  }

  /// The status for the field's text `typed`, given the latest search that ended: the
  /// latest answer when it is for `typed` (a search running again after a refresh keeps it
  /// on screen), else earlier friends while they are there, else "searching".
  nonisolated private static func status(typed: String, latest: Outcome<Results, Failure>?)
    -> Status
  {
    guard isSearchable(typed) else { return .tooShort }
    switch latest {
    case .value(let results) where results.query == typed:
      return results.friends.isEmpty ? .noMatches(query: typed) : .found(results.friends)
    case .failure(let failure) where failure.query == typed:
      return .failed(failure.message)
    case .value(let results) where !results.friends.isEmpty:
      return .found(results.friends)
    default:
      return .searching(query: typed)
    }
  }
}
