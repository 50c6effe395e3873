import ViewModels

extension Feature {
  /// Searching friends as one types.
  static var search: Feature {
    Feature(entry: HomeEntry(scene: .search, key: "s", summary: "find friends as you type")) {
      scene, host in
      scene == .search ? SearchScreen(host: host) : nil
    }
  }
}
