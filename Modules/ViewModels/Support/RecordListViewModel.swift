import Models
import Navigator
import ReactiveCore
import Services

/// The list of any record whose draft declares its fields (`DeclaredDraft`): the
/// records, removing one, and a title for each (its first declared field's text).
///
/// The list loads when the screen opens, and again after each change (made here, or
/// elsewhere: in another process, on the server). "Done" goes back.
public struct RecordListViewModel<Record: DeclaredRecord>: ViewModelType {
  /// What the user does.
  public struct Input {
    /// The ids of records to remove.
    public var removals: Observable<Int>
    /// Taps on "Done".
    public var doneTaps: Observable<Void>

    /// Creates the input; each stream defaults to one that never emits.
    public init(removals: Observable<Int> = .never(), doneTaps: Observable<Void> = .never()) {
      self.removals = removals
      self.doneTaps = doneTaps
    }
  }

  /// What the screen shows.
  public struct Output {
    /// The records, oldest first; `nil` until the first load ends.
    public var items: Driver<[Record]?>
    /// How many there are: "No entries yet.", "1 entry", "2 entries".
    public var summary: Driver<String>
    /// Why the last load failed, or `nil` after one that succeeded.
    public var loadFailure: Driver<String?>
    /// Whether a load or a removal runs.
    public var isLoading: Driver<Bool>
    /// The id of each record removed.
    public var removed: Signal<Int>
    /// "Removed X.", once per removal, naming the record as it was listed when its removal
    /// was asked for.
    public var confirmation: Signal<String>
    /// Why a removal changed nothing, once each.
    public var errorMessage: Signal<String>
    /// Back, after "Done".
    public var route: Signal<Route>
  }

  private let service: any RecordsService<Record>

  /// Creates the list over `service`.
  public init(service: any RecordsService<Record>) {
    self.service = service
  }

  /// The record's title: its first declared field's text, else "entry 3".
  public static func title(of record: Record) -> String {
    let text = Record.Draft.fields.first?.text(of: record.draft) ?? ""
    return text.isEmpty ? "\(Record.Draft.recordWord) \(record.id)" : text
  }

  /// What to ask before `record` is removed: "Delete flour? This cannot be undone.".
  public static func deletionQuestion(for record: Record) -> DeletionQuestion {
    DeletionQuestion(recordWord: Record.Draft.recordWord, name: title(of: record))
  }

  /// The number of records, as the screen says it: "No entries yet.", "1 entry",
  /// "2 entries" (the draft's `DeclaredDraft.recordWord` and its plural).
  public static func summary(count: Int) -> String {
    let word = Record.Draft.recordWord
    let plural = Record.Draft.recordPlural
    switch count {
    case 0: return "No \(plural) yet."
    case 1: return "1 \(word)"
    default: return "\(count) \(plural)"
    }
  }

  /// Builds the screen's chains.
  public func transform(_ input: Input) -> Output {
    let activity = ActivityTracker()
    let loads = Observable.merge(.just(()), service.recordsChanged)
      .flatMapLatest { [service] _ in
        activity.track(service.records()).asObservable().outcomes { describe($0) }
      }
      .share(replay: 1)
    let items = loads.values().share(replay: 1)
    // Each removal is named from the list as it was asked for: by the time it ends, the list
    // may have reloaded without the record.
    let removals = input.removals
      .withLatestFrom(items.startWith([])) { id, items in
        (id: id, name: items.first { $0.id == id }.map(Self.title))
      }
      .flatMap { [service] id, name in
        activity.track(service.remove(id: id))
          .andThen(Observable.just((id: id, name: name ?? "\(Record.Draft.recordWord) \(id)")))
          .outcomes { isNotFound($0) ? Record.missingText(id: id) : describe($0) }
      }
      .share()
    return Output(
      items: items.map { Optional($0) }.startWith(nil).asDriver(onErrorJustReturn: nil),
      summary: items.map { Self.summary(count: $0.count) }.startWith("Loading…")
        .asDriver(onErrorJustReturn: ""),
      loadFailure: loads.map { outcome -> String? in
        if case .failure(let message) = outcome { return message }
        return nil
      }
      .startWith(nil).asDriver(onErrorJustReturn: nil).distinctUntilChanged(),
      isLoading: activity.isActive,
      removed: removals.values().map(\.id).asSignal(onErrorSignalWith: .empty()),
      confirmation: removals.values().map { Confirmation.removed($0.name) }
        .asSignal(onErrorSignalWith: .empty()),
      errorMessage: removals.failures().asSignal(onErrorSignalWith: .empty()),
      route: input.doneTaps.map { Route.back }.asSignal(onErrorSignalWith: .empty()))
  }
}
