import ViewModels

extension Feature {
  /// The __phrase__ screen, on the home with the key "__key__".
  static var __feature__: Feature {
    Feature(entry: HomeEntry(scene: .__feature__, key: "__key__", summary: "add entries")) {
      scene, host in
      scene == .__feature__ ? __Feature__Screen(host: host) : nil
    }
  }
}
