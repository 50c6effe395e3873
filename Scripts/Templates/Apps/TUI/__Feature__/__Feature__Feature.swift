import ViewModels

extension Feature {
  /// The __phrase__ screen, on the home with the key "__key__".
  static var __feature__: Feature {
    Feature(
      entry: HomeEntry(scene: .__feature__, key: "__key__", summary: "list, add and remove"),
      scenes: __Feature__Scene.self
    ) { scene, host in
      switch scene {
      case .list: __Feature__Screen(host: host)
      }
    }
  }
}
