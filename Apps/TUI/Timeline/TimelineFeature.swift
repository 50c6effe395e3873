import ViewModels

extension Feature {
  /// The timeline, the people who post, and one person's posts.
  static var timeline: Feature {
    Feature(
      entry: HomeEntry(scene: .timeline, key: "t", summary: "everyone's posts, live"),
      scenes: TimelineScene.self
    ) { scene, host in
      switch scene {
      case .timeline: TimelineScreen(host: host)
      case .people: PeopleScreen(host: host)
      case .personTimeline(let person): PersonTimelineScreen(host: host, person: person)
      case .post(let post): PostScreen(host: host, post: post)
      }
    }
  }
}
