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

extension Scene {
  /// Search friends as you type.
  public static var search: Scene { Scene(SearchScene.search) }
}
