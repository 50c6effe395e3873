import Navigator
import ViewModels
import WebUI

extension WebFeature {
  /// The timeline, the people who post, one person's posts and one post: `/timeline`,
  /// `/timeline/people`, `/timeline/people/7` and `/timeline/posts/12`. The last two name
  /// values a scene holds whole, so an address alone opens the scene before them.
  static var timeline: WebFeature {
    WebFeature(
      entry: HomeEntry(scene: .timeline, key: "t", summary: "everyone's posts, live"),
      scenes: TimelineScene.self,
      path: { scene in
        switch scene {
        case .timeline: WebPath("timeline")
        case .people: WebPath("timeline", "people")
        case .personTimeline(let person): WebPath("timeline", "people", String(person.id))
        case .post(let post): WebPath("timeline", "posts", String(post.id))
        }
      },
      scene: { segments in
        switch segments {
        case ["timeline"]: .timeline
        case ["timeline", "people"]: .people
        default: nil
        }
      }
    ) { scene, host in
      switch scene {
      case .timeline: TimelinePage(host: host)
      case .people: PeoplePage(host: host)
      case .personTimeline(let person): PersonTimelinePage(host: host, person: person)
      case .post(let post): PostPage(host: host, post: post)
      }
    }
  }
}
