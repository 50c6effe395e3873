import LocalBackend
import ReactiveCore
import RemoteBackend
import Services

/// The services the features have besides their records (which ``AppServices/records(_:)``
/// gives for every record type): one property each, and each backend's value of it in
/// ``local(_:_:)`` and ``remote(_:_:)``.
///
/// A feature with a service of its own (a query of its own, a cache) adds its property here,
/// and the compiler then names each place that must give it: the initialiser, both backends'
/// lines, and the tests' fakes. A feature whose data is only records adds nothing.
public struct FeatureServices {
  /// Searching friends.
  public var search: SearchService
  /// Posts and people.
  public var timeline: TimelineService
  /// The posts fetched in this session.
  public var postCache: PostCache

  /// Creates the services from parts: fakes, in tests.
  public init(
    search: SearchService,
    timeline: TimelineService,
    postCache: PostCache,
  ) {
    self.search = search
    self.timeline = timeline
    self.postCache = postCache
  }

  /// The services on the embedded store's `backend`, timed by `scheduler`.
  public static func local(_ backend: LocalBackend, _ scheduler: SchedulerType) -> FeatureServices {
    FeatureServices(
      search: backend,
      timeline: LiveDemoTimeline(backend: backend, scheduler: scheduler, pace: .demo),
      postCache: InMemoryPostCache(),
    )
  }

  /// The services on the server's `backend`, timed by `scheduler`.
  public static func remote(_ backend: RemoteBackend, _ scheduler: SchedulerType) -> FeatureServices
  {
    FeatureServices(
      search: backend,
      timeline: backend,
      postCache: InMemoryPostCache(),
    )
  }
}
