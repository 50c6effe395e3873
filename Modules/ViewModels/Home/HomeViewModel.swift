import Models
import Navigator
import ReactiveCore
import Services

/// One feature the home lists: the scene it opens, the key that opens it, and what it is for.
public struct HomeEntry: Hashable, Sendable {
  /// The scene the entry opens.
  public var scene: Scene
  /// The key that opens it, as the front shows it (such as "f").
  public var key: String
  /// What the feature is for, in a few words.
  public var summary: String

  /// Creates an entry.
  public init(scene: Scene, key: String, summary: String) {
    self.scene = scene
    self.key = key
    self.summary = summary
  }

  /// The scene's title.
  public var title: String { scene.title }
}

/// The home: the features the front registered, one entry each, and who is logged in.
///
/// It knows no feature: the front gives it the entries, in the order to show them. Opening an
/// entry (by its position, or by its key) shows its scene on top of the home; a position or a
/// key that no entry has opens nothing and says so.
public struct HomeViewModel: ViewModelType {
  /// What the user does on the home.
  public struct Input {
    /// Positions of entries the user opens (Enter on a row, a click).
    public var open: Observable<Int>
    /// Keys the user types, each of which may open the entry with that key.
    public var keys: Observable<String>

    /// Creates the input; each stream defaults to one that never emits.
    public init(open: Observable<Int> = .never(), keys: Observable<String> = .never()) {
      self.open = open
      self.keys = keys
    }
  }

  /// What the home shows.
  public struct Output {
    /// The entries, in the front's order.
    public var entries: Driver<[HomeEntry]>
    /// "Logged in as Ada.", or "" while no one is.
    public var greeting: Driver<String>
    /// "3 features", "1 feature", or "No features yet." when none is registered.
    public var summary: Driver<String>
    /// A position that no entry has: why nothing opened.
    public var refusal: Signal<String>
    /// The scene of each entry opened, shown on top of the home.
    public var route: Signal<Route>
  }

  private let entries: [HomeEntry]
  private let auth: AuthenticationService

  /// Creates the home over `entries` (in the order to list them) and the account's status.
  public init(entries: [HomeEntry], auth: AuthenticationService) {
    self.entries = entries
    self.auth = auth
  }

  /// Builds the home's chains.
  public func transform(_ input: Input) -> Output {
    let entries = self.entries
    let byPosition = input.open.map { index -> Outcome<Scene, String> in
      entries.indices.contains(index)
        ? .value(entries[index].scene) : .failure("There is no entry \(index + 1).")
    }
    let byKey = input.keys.compactMap { key -> Outcome<Scene, String>? in
      entries.first { $0.key == key }.map { .value($0.scene) }
    }
    let opened = Observable.merge(byPosition, byKey).share()
    return Output(
      entries: .just(entries),
      greeting: auth.accountStatus
        .map { status in status.account.map { "Logged in as \($0.displayName)." } ?? "" }
        .asDriver(onErrorJustReturn: "")
        .distinctUntilChanged(),
      summary: .just(Self.summary(count: entries.count)),
      refusal: opened.failures().asSignal(onErrorSignalWith: .empty()),
      route: opened.values().map { Route.show($0) }.asSignal(onErrorSignalWith: .empty()))
  }

  /// How many features there are, as a sentence.
  public static func summary(count: Int) -> String {
    switch count {
    case 0: return "No features yet."
    case 1: return "1 feature"
    default: return "\(count) features"
    }
  }
}
