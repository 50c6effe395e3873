import Models
import Navigator
import ReactiveCore
import Services

/// The people whose posts make the timeline; "Loading…" shows only while they are fetched.
public struct PeopleViewModel: ViewModelType {
  /// What the user does on the screen.
  public struct Input {
    /// Requests to load the list again.
    public var refresh: Observable<Void>
    /// The person the user selects (`nil` when the list had no selection).
    public var select: Observable<Person?>

    /// Creates the input.
    public init(refresh: Observable<Void> = .never(), select: Observable<Person?> = .never()) {
      self.refresh = refresh
      self.select = select
    }
  }

  /// What the screen shows.
  public struct Output {
    /// The people, once loaded.
    public var people: Driver<[Person]>
    /// Whether "Loading…" shows: only while the list is fetched.
    public var isLoadingVisible: Driver<Bool>
    /// A failed load.
    public var errorMessage: Signal<String>
    /// The selected person's timeline.
    public var route: Signal<Route>
  }

  /// The text shown while loading.
  public static let loadingText = "Loading…"

  private let service: TimelineService

  /// Creates the view model.
  public init(service: TimelineService) {
    self.service = service
  }

  /// Builds the screen's chains.
  public func transform(_ input: Input) -> Output {
    let activity = ActivityTracker()
    let loads = input.refresh.startWith(())
      .flatMapLatest { [service] _ -> Observable<Outcome<[Person], String>> in
        activity.track(service.people()).asObservable()
          .outcomes { "Could not load people: \(describe($0))" }
      }
      .share(replay: 1)
    return Output(
      people: loads.values().asDriver(onErrorJustReturn: []),
      isLoadingVisible: activity.isActive,
      errorMessage: loads.failures().asSignal(onErrorSignalWith: .empty()),
      route: input.select.map { Route.showPersonTimeline($0) }
        .asSignal(onErrorSignalWith: .empty()))
  }
}
