import ViewModels

extension Feature {
  /// Searching friends as one types.
  static var search: Feature {
    Feature(
      entry: HomeEntry(scene: .search, key: "s", summary: "find friends as you type"),
      scenes: SearchScene.self
    ) { scene, host in
      switch scene {
      case .search: SearchScreen(host: host)
      }
    }
  }
}
