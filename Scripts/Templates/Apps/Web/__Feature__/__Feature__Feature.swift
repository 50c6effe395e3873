import Navigator
import ViewModels
import WebUI

extension WebFeature {
  /// The __phrase__ page, `/__command__`, linked from the home: the entries and a form with a
  /// field for each of their fields.
  static var __feature__: WebFeature {
    WebFeature(
      entry: HomeEntry(scene: .__feature__, key: "__key__", summary: "list, add, edit and remove"),
      scenes: __Feature__Scene.self,
      path: { scene in
        switch scene {
        case .list: WebPath("__command__")
        }
      },
      scene: { segments in segments == ["__command__"] ? .list : nil }
    ) { scene, host in
      switch scene {
      case .list:
        RecordsPage(host: host, heading: scene.title, service: host.services.__feature__)
      }
    }
  }
}
