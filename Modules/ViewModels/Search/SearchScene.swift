import Navigator

/// The search feature's screen.
public enum SearchScene: FeatureScene {
  /// Search friends as you type.
  case search

  /// A short title, for headers and help.
  public var title: String {
    switch self {
    case .search: "Search"
    }
  }
}

/// Where the search leads outside the feature, in its own words: opening a friend it found.
/// Which scene answers (if any), the app's links decide.
public struct SearchOutward: OutwardRoute {
  /// The id of the friend found and chosen.
  public var id: Int

  /// Asks to open the friend found with `id`.
  public init(openingResult id: Int) {
    self.id = id
  }

  /// The request, as a refusal names it.
  public var description: String { "opening a friend found" }
}

extension Scene {
  /// Search friends as you type.
  public static var search: Scene { Scene(SearchScene.search) }
}
