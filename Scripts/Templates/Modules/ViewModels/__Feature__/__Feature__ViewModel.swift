import Foundation
import Models
import Navigator
import ReactiveCore
import Services

/// The __phrase__ screen: the entries, a text field with "Add", and removing an entry.
///
/// The list loads when the screen opens, and again after each change (made here, or elsewhere:
/// in another process, on the server). The text is trimmed; it is valid when it is not empty
/// and has at most ``__Feature__Draft/maximumLength`` characters. "Add" is enabled only while
/// the text is valid; a tap reads the text of that moment: a valid text is saved (taps while a
/// save runs are ignored) and confirmed, an invalid one saves nothing and says why. The hint
/// under the field waits until typing pauses for ``debounce`` (on the injected scheduler), so
/// it does not flicker, and says nothing about an empty field. "Done" goes back.
public struct __Feature__ViewModel: ViewModelType {
  /// What the user does on the screen.
  public struct Input {
    /// The text field's text, each time it changes.
    public var text: Observable<String>
    /// Taps on "Add"; a tap before any text is ignored.
    public var addTaps: Observable<Void>
    /// The ids of entries to remove.
    public var removals: Observable<Int>
    /// Taps on "Done".
    public var doneTaps: Observable<Void>

    /// Creates the input; each stream defaults to one that never emits.
    public init(
      text: Observable<String> = .never(), addTaps: Observable<Void> = .never(),
      removals: Observable<Int> = .never(), doneTaps: Observable<Void> = .never()
    ) {
      self.text = text
      self.addTaps = addTaps
      self.removals = removals
      self.doneTaps = doneTaps
    }
  }

  /// What the screen shows.
  public struct Output {
    /// The entries, oldest first; `nil` until the first load ends.
    public var items: Driver<[__Feature__Item]?>
    /// How many entries there are, as a sentence: "No entries yet.", "1 entry", "2 entries".
    public var summary: Driver<String>
    /// Why the last load failed, or `nil` after one that succeeded.
    public var loadFailure: Driver<String?>
    /// Whether a load, a save or a removal runs.
    public var isLoading: Driver<Bool>
    /// Whether "Add" can be tapped: the trimmed text is valid.
    public var isAddEnabled: Driver<Bool>
    /// What is wrong with the text once typing paused, or `nil` when it is valid or empty.
    public var hint: Driver<String?>
    /// Each entry saved.
    public var added: Signal<__Feature__Item>
    /// The id of each entry removed.
    public var removed: Signal<Int>
    /// "Added X." or "Removed X.", once per change.
    public var confirmation: Signal<String>
    /// Why a tap or a removal changed nothing, once each.
    public var errorMessage: Signal<String>
    /// Where to go next: back, after "Done".
    public var route: Signal<Route>
  }

  /// How long typing must pause before the hint changes.
  public static let debounce: RxTimeInterval = .milliseconds(300)

  private let service: any RecordsService<__Feature__Item>
  private let scheduler: SchedulerType

  /// Creates the view model over the service; `scheduler` times the hint's debounce.
  public init(service: any RecordsService<__Feature__Item>, scheduler: SchedulerType) {
    self.service = service
    self.scheduler = scheduler
  }

  /// Builds the screen's chains.
  public func transform(_ input: Input) -> Output {
    let activity = ActivityTracker()
    let drafts = input.text.map { __Feature__Draft(text: $0).trimmed }

    // Each tap with the draft of that moment and what is wrong with it, if anything.
    let taps = input.addTaps
      .withLatestFrom(drafts)
      .map { draft in (draft: draft, problem: draft.validation.message) }
      .share()
    let saves = taps.compactMap { $0.problem == nil ? $0.draft : nil }
      .flatMapFirst { [service] draft in
        activity.track(service.add(draft)).asObservable().outcomes {
          describe($0)
        }
      }
      .share()
    let removals = input.removals
      .flatMap { [service] id in
        activity.track(service.remove(id: id))
          .andThen(Observable.just(id))
          .outcomes { describe($0) }
      }
      .share()

    let loads = Observable.merge(.just(()), service.recordsChanged)
      .flatMapLatest { [service] _ in
        activity.track(service.records()).asObservable().outcomes { describe($0) }
      }
      .share(replay: 1)
    let items = loads.compactMap { outcome -> [__Feature__Item]? in
      if case .value(let items) = outcome { return items }
      return nil
    }
    .share(replay: 1)
    // The entries as last loaded, to name the one removed.
    let known = items.startWith([])

    let isAddEnabled = drafts.map { $0.validation.isValid }
      .startWith(false)
      .asDriver(onErrorJustReturn: false)
      .distinctUntilChanged()
    let hint = drafts.debounce(Self.debounce, scheduler: scheduler)
      .map { $0.text.isEmpty ? nil : $0.validation.message }
      .asDriver(onErrorJustReturn: nil)
      .distinctUntilChanged()
    let removedNames = removals.values().withLatestFrom(known) { id, items in
      "Removed \(items.first { $0.id == id }?.text ?? "entry \(id)")."
    }

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
      isAddEnabled: isAddEnabled,
      hint: hint,
      added: saves.values().asSignal(onErrorSignalWith: .empty()),
      removed: removals.values().asSignal(onErrorSignalWith: .empty()),
      confirmation: Observable.merge(saves.values().map { "Added \($0.text)." }, removedNames)
        .asSignal(onErrorSignalWith: .empty()),
      errorMessage: Observable.merge(
        taps.compactMap(\.problem), saves.failures(), removals.failures()
      )
      .asSignal(onErrorSignalWith: .empty()),
      route: input.doneTaps.map { Route.back }.asSignal(onErrorSignalWith: .empty()))
  }

  /// The number of entries, as the screen says it.
  public static func summary(count: Int) -> String {
    switch count {
    case 0: return "No entries yet."
    case 1: return "1 entry"
    default: return "\(count) entries"
    }
  }
}
