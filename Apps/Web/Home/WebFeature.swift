import Navigator
import ViewModels
import WebUI

/// A feature of the web front: its entry on the home, the address of each of its scenes,
/// and their pages.
///
/// Each feature's folder declares its own (`static var notes: WebFeature` in
/// `Notes/NotesFeature.swift`), and `WebFeature.all` registers it with one line.
@MainActor
struct WebFeature {
  /// The entry on the home: the scene it opens, its key, what it is for.
  var entry: HomeEntry
  /// The address of one of the feature's scenes, or `nil` for any other scene.
  var path: (Scene) -> WebPath?
  /// The scene at an address, or `nil` when the address is not the feature's.
  var scene: (_ segments: [String]) -> Scene?
  /// Makes the page of one of the feature's scenes, or returns `nil` for any other scene.
  var makeScreen: @MainActor (Scene, WebScreenHost) -> WebScreen?
}

extension WebFeature {
  /// A feature whose scenes are the cases of `FeatureSceneType`: `path` gives the address of
  /// each and `screen` makes its page, in `switch`es that the compiler checks cover them
  /// all; `scene` reads an address back.
  init<FeatureSceneType: FeatureScene>(
    entry: HomeEntry, scenes: FeatureSceneType.Type,
    path: @escaping (FeatureSceneType) -> WebPath,
    scene: @escaping (_ segments: [String]) -> FeatureSceneType?,
    screen: @escaping @MainActor (FeatureSceneType, WebScreenHost) -> WebScreen
  ) {
    self.entry = entry
    self.path = { $0.as(FeatureSceneType.self).map(path) }
    self.scene = { segments in scene(segments).map { Scene($0) } }
    makeScreen = { scene, host in scene.as(FeatureSceneType.self).map { screen($0, host) } }
  }
}
