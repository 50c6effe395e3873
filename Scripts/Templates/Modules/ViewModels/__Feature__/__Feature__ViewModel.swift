import Foundation
import Models
import Navigator
import ReactiveCore

/// The __phrase__ screen.
///
/// A text field, "Add", and the entries added so far. The text is trimmed; it is valid when it
/// is not empty and has at most `maximumLength` characters. "Add" is enabled only while the
/// text is valid. A tap reads the text of that moment: a valid text becomes the last entry and
/// is confirmed; an invalid one adds nothing and says why. The hint under the field waits until
/// typing pauses for `debounce` (on the injected scheduler), so it does not flicker while the
/// user types, and says nothing about an empty field. "Done" goes back. The entries live in
/// this screen's chains only: a service would keep them (see `init`).
public struct __Feature__ViewModel: ViewModelType {
  /// What the user does on the screen.
  public struct Input {
    /// The text field's text, each time it changes.
    public var text: Observable<String>
    /// Taps on "Add"; a tap before any text is ignored.
    public var addTaps: Observable<Void>
    /// Taps on "Done".
    public var doneTaps: Observable<Void>

    /// Creates the input.
    public init(
      text: Observable<String>, addTaps: Observable<Void>, doneTaps: Observable<Void> = .never()
    ) {
      self.text = text
      self.addTaps = addTaps
      self.doneTaps = doneTaps
    }
  }

  /// What the screen shows.
  public struct Output {
    /// The entries added so far, oldest first; empty at first.
    public var entries: Driver<[String]>
    /// How many entries there are, as a sentence: "No entries yet.", "1 entry", "2 entries".
    public var summary: Driver<String>
    /// Whether "Add" can be tapped: the trimmed text is valid.
    public var isAddEnabled: Driver<Bool>
    /// What is wrong with the text once typing paused, or `nil` when it is valid or empty.
    public var hint: Driver<String?>
    /// "Added X.", once per added entry.
    public var confirmation: Signal<String>
    /// Why a tap added nothing, once per such tap.
    public var errorMessage: Signal<String>
    /// Where to go next: back, after "Done".
    public var route: Signal<Route>
  }

  /// How long typing must pause before the hint changes.
  public static let debounce: RxTimeInterval = .milliseconds(300)
  /// The longest entry, in characters.
  public static let maximumLength = 40

  private let scheduler: SchedulerType

  /// Creates the view model; `scheduler` times the hint's debounce.
  ///
  /// A service is injected here, next to the scheduler, when the screen needs data: declare
  /// its protocol in a folder of `Modules/Services`, a fake in `Modules/ServicesTesting`, add it
  /// to `AppServices`, and take it as a parameter (see `LoginViewModel`).
  public init(scheduler: SchedulerType) {
    self.scheduler = scheduler
  }

  /// Builds the screen's chains.
  public func transform(_ input: Input) -> Output {
    let text = input.text.map { $0.trimmingCharacters(in: .whitespaces) }

    // Each tap with the text of that moment and what is wrong with it, if anything.
    let taps = input.addTaps
      .withLatestFrom(text)
      .map { text in (text: text, problem: Self.validate(text).message) }
      .share()
    // A service call goes here: `flatMapFirst` over the valid taps to save each entry, with
    // an `ActivityTracker` for a spinner, as `LoginViewModel` logs in.
    let added = taps.compactMap { $0.problem == nil ? $0.text : nil }.share()

    let entries = added.scan([String]()) { entries, entry in entries + [entry] }
      .startWith([])
      .asDriver(onErrorJustReturn: [])
    let isAddEnabled = text.map { Self.validate($0).isValid }
      .startWith(false)
      .asDriver(onErrorJustReturn: false)
      .distinctUntilChanged()
    let hint = text.debounce(Self.debounce, scheduler: scheduler)
      .map { $0.isEmpty ? nil : Self.validate($0).message }
      .asDriver(onErrorJustReturn: nil)
      .distinctUntilChanged()

    return Output(
      entries: entries,
      summary: entries.map { Self.summary(count: $0.count) },
      isAddEnabled: isAddEnabled,
      hint: hint,
      confirmation: added.map { "Added \($0)." }.asSignal(onErrorSignalWith: .empty()),
      errorMessage: taps.compactMap(\.problem).asSignal(onErrorSignalWith: .empty()),
      route: input.doneTaps.map { Route.back }.asSignal(onErrorSignalWith: .empty()))
  }

  /// Whether a trimmed text can be an entry, and if not, why.
  public static func validate(_ text: String) -> ValidationResult {
    if text.isEmpty { return .invalid("An entry cannot be empty.") }
    if text.count > maximumLength {
      return .invalid("An entry can have at most \(maximumLength) characters.")
    }
    return .valid
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
