import Navigator

/// The __phrase__ feature's screens.
public enum __Feature__Scene: FeatureScene {
  /// The entries, with a field to add one.
  case list

  /// A short title, for headers and help.
  public var title: String {
    switch self {
    case .list: "__Title__"
    }
  }
}

extension Scene {
  /// The __phrase__ entries.
  public static var __feature__: Scene { Scene(__Feature__Scene.list) }
}
