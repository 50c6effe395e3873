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
    let errors = PublishRelay<String>()
    let people = input.refresh.startWith(())
      .flatMapLatest { [service] _ -> Observable<[Person]> in
        activity.track(service.people()).asObservable()
          .catch { error in
            errors.accept("Could not load people: \(describe(error))")
            return .empty()
          }
      }
    return Output(
      people: people.asDriver(onErrorJustReturn: []),
      isLoadingVisible: activity.isActive,
      errorMessage: errors.asSignal(),
      route: input.select.map { Route.showPersonTimeline($0) }
        .asSignal(onErrorSignalWith: .empty()))
  }
}
