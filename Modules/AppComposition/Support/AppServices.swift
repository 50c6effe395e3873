import Foundation
import LocalBackend
import Models
import ReactiveCore
import RemoteBackend
import Services

/// Everything the view models need, built once by a front end: the services, the post cache,
/// and the scheduler time runs on.
///
/// Both fronts build it the same way: on the embedded store in the data directory, or on a
/// Friends server when given its URL.
public struct AppServices {
  /// Logging in and out.
  public let auth: AuthenticationService
  // demo:begin
  /// The friends list.
  public let friends: FriendsService
  /// Searching friends.
  public let search: SearchService
  /// Posts and people.
  public let timeline: TimelineService
  /// The posts fetched in this session.
  public let postCache: PostCache
  // demo:end
  /// The scheduler for debounces, timers and latency.
  public let scheduler: SchedulerType
  /// Where the data comes from, for messages such as "Using data in …".
  public let origin: String

  /// Assembles services from parts, for tests and custom setups.
  public init(
    auth: AuthenticationService,
    // demo:begin
    friends: FriendsService, search: SearchService, timeline: TimelineService,
    postCache: PostCache,
    // demo:end
    scheduler: SchedulerType, origin: String
  ) {
    self.auth = auth
    // demo:begin
    self.friends = friends
    self.search = search
    self.timeline = timeline
    self.postCache = postCache
    // demo:end
    self.scheduler = scheduler
    self.origin = origin
  }

  /// Services on the embedded store in `directory`, created and seeded with demo data if it
  /// does not exist yet; `faults` slows down or breaks its calls, to try the loading and error
  /// states.
  // demo:begin
  // While a timeline is watched, the demo writes a post now and then at `livePosts`' pace;
  // `nil` writes none.
  // demo:end
  public static func local(
    directory: URL, scheduler: SchedulerType, faults: LocalBackend.Faults = .none,
    // demo:begin
    livePosts: LiveDemoTimeline.Pace? = .demo,
    // demo:end
  ) throws -> AppServices {
    let store = try LocalStore(directory: directory)
    let backend = LocalBackend(store: store, scheduler: scheduler, faults: faults)
    // demo:begin
    let timeline: TimelineService =
      livePosts.map { LiveDemoTimeline(backend: backend, scheduler: scheduler, pace: $0) }
      ?? backend
    // demo:end
    return AppServices(
      auth: backend,
      // demo:begin
      friends: backend, search: backend, timeline: timeline, postCache: InMemoryPostCache(),
      // demo:end
      scheduler: scheduler, origin: store.fileURL.path)
  }

  /// Services on the Friends server at `url`, with the session token kept in `directory` (the
  /// data directory), so that every front using that directory shares the login.
  public static func remote(url: URL, directory: URL, scheduler: SchedulerType) -> AppServices {
    let client = HTTPClient(
      baseURL: url, tokens: SessionTokenFile(directory: directory, server: url))
    let backend = RemoteBackend(client: client, scheduler: scheduler)
    return AppServices(
      auth: backend,
      // demo:begin
      friends: backend, search: backend, timeline: backend, postCache: InMemoryPostCache(),
      // demo:end
      scheduler: scheduler, origin: url.absoluteString)
  }
}
