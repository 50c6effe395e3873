import LocalBackend
import Services

extension AppServices {
  /// Posts and people.
  public var timeline: TimelineService { service(TimelineService.self) }
  /// The posts fetched in this session.
  public var postCache: PostCache { service(PostCache.self) }
}

extension FeatureRegistration {
  /// The timeline's cache of posts, and on the embedded store a post now and then while a
  /// timeline is watched (the demo's live posts).
  public static var timeline: FeatureRegistration { timeline(livePosts: .demo) }

  /// The timeline's cache of posts, and on the embedded store a post now and then at
  /// `livePosts`' pace while a timeline is watched; `nil` writes none.
  public static func timeline(livePosts: LiveDemoTimeline.Pace?) -> FeatureRegistration {
    FeatureRegistration(
      local: { backend, scheduler in
        [InMemoryPostCache()]
          + (livePosts.map { [LiveDemoTimeline(backend: backend, scheduler: scheduler, pace: $0)] }
            ?? [])
      },
      remote: { _, _ in [InMemoryPostCache()] })
  }
}
