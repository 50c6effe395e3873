import Navigator
import ViewModels

/// A feature of the terminal UI: its entry on the home screen and the screens of its scenes.
///
/// Each feature's folder declares its own (`static var notes: Feature` in
/// `Notes/NotesFeature.swift`), and `Feature.all` registers it with one line.
@MainActor
struct Feature {
  /// The entry on the home screen: the scene it opens, its key, what it is for.
  var entry: HomeEntry
  /// Makes the screen of one of the feature's scenes, or returns `nil` for any other scene.
  var makeScreen: @MainActor (Scene, ScreenHost) -> Screen?
}

extension Feature {
  /// A feature whose scenes are the cases of `FeatureSceneType`: `screen` makes the screen of
  /// each, in a `switch` that the compiler checks covers them all.
  init<FeatureSceneType: FeatureScene>(
    entry: HomeEntry, scenes: FeatureSceneType.Type,
    screen: @escaping @MainActor (FeatureSceneType, ScreenHost) -> Screen
  ) {
    self.entry = entry
    makeScreen = { scene, host in scene.as(FeatureSceneType.self).map { screen($0, host) } }
  }
}
