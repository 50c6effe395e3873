import LocalBackend
import ReactiveCore
import Services

extension AppServices {
  /// Posts and people.
  public var timeline: TimelineService { features.timeline }
  /// The posts fetched in this session.
  public var postCache: PostCache { features.postCache }
}

extension FeatureServices {
  /// The services on the embedded store's `backend`, as ``local(_:_:)`` makes them, but with a
  /// timeline that writes no live posts: for data that changes only when told, pass it to
  /// `AppServices.local(directory:scheduler:faults:features:)`.
  public static func withoutLivePosts(_ backend: LocalBackend, _ scheduler: SchedulerType)
    -> FeatureServices
  {
    var services = local(backend, scheduler)
    services.timeline = backend
    return services
  }
}
