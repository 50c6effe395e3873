import Navigator
import ViewModels
import WebUI

extension WebFeature {
  /// Searching friends as one types: `/search`.
  static var search: WebFeature {
    WebFeature(
      entry: HomeEntry(scene: .search, key: "s", summary: "find friends as you type"),
      scenes: SearchScene.self,
      path: { scene in
        switch scene {
        case .search: WebPath("search")
        }
      },
      scene: { segments in segments == ["search"] ? .search : nil }
    ) { scene, host in
      switch scene {
      case .search: SearchPage(host: host)
      }
    }
  }
}
