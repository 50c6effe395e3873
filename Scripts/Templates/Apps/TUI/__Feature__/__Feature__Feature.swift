import ViewModels

extension Feature {
  /// The __phrase__ screen, on the home with the key "__key__": the entries and a form with
  /// a field for each of their fields.
  static var __feature__: Feature {
    Feature(
      entry: HomeEntry(scene: .__feature__, key: "__key__", summary: "list, add, edit and remove"),
      scenes: __Feature__Scene.self
    ) { scene, host in
      switch scene {
      case .list: RecordsScreen(host: host, service: host.services.__feature__)
      }
    }
  }
}
