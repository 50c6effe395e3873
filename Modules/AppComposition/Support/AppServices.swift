import Foundation
import LocalBackend
import Models
import ReactiveCore
import RemoteBackend
import Services

/// Everything the view models need, built once by a front end: the services, and the
/// scheduler time runs on.
///
/// Both fronts build it the same way: on the embedded store in the data directory, or on the
/// app's server when given its URL. Each feature reads its services through a property of its
/// own declared in its folder: the records of a collection with ``records(_:)``
/// (`var notes: any RecordsService<NotesItem> { records(NotesItem.self) }`), which every
/// backend gives for every record type, and a service of its own from ``features``
/// (`var notesIndex: NotesIndex { features.notesIndex }`). Every service is a typed value: nothing
/// is looked up when a front asks for it, and a service that a backend does not give fails the
/// build.
public struct AppServices {
  /// Logging in and out.
  public let auth: AuthenticationService
  /// The services of the collections of records: a backend, or the tests' fakes.
  public let collections: any RecordsProvider
  /// The services the features have besides their records.
  public let features: FeatureServices
  /// The scheduler for debounces, timers and latency.
  public let scheduler: SchedulerType
  /// Where the data comes from, for messages such as "Using data in …".
  public let origin: String
  /// The server the data comes from, or `nil` for the data on this machine: a front shows
  /// which server it is on.
  public let server: URL?

  /// Assembles services from parts, for tests and custom setups.
  public init(
    auth: AuthenticationService, collections: any RecordsProvider, features: FeatureServices,
    scheduler: SchedulerType, origin: String, server: URL? = nil
  ) {
    self.auth = auth
    self.collections = collections
    self.features = features
    self.scheduler = scheduler
    self.origin = origin
    self.server = server
  }

  /// The service of the collection of `Record`s.
  public func records<Record: CollectionRecord>(_ type: Record.Type) -> any RecordsService<Record> {
    collections.records(type)
  }

  /// Services on the embedded store in `directory`, created and seeded with its starting data if it
  /// does not exist yet; `faults` slows down or breaks its calls, to try the loading and error
  /// states; `features` makes the features' own services on the backend.
  public static func local(
    directory: URL, scheduler: SchedulerType, faults: LocalBackend.Faults = .none,
    features: (LocalBackend, SchedulerType) -> FeatureServices = FeatureServices.local
  ) throws -> AppServices {
    let store = try LocalStore(directory: directory)
    let backend = LocalBackend(store: store, scheduler: scheduler, faults: faults)
    return AppServices(
      auth: backend, collections: backend, features: features(backend, scheduler),
      scheduler: scheduler, origin: store.fileURL.path)
  }

  /// Why this build cannot use the server at `url`, for a front to print before it starts,
  /// or `nil` when it can: an `https://` URL in a build without HTTPS support (see
  /// `HTTPTransport.supportsHTTPS`).
  public static func serverRefusal(_ url: URL) -> String? {
    guard url.scheme?.lowercased() == "https", !HTTPTransport.supportsHTTPS else { return nil }
    return "\(HTTPTransport.noHTTPSMessage) (cannot reach \(url.absoluteString))"
  }

  /// Services on the app's server at `url`, with the session token kept in `directory` (the
  /// data directory), so that every front using that directory shares the login.
  public static func remote(url: URL, directory: URL, scheduler: SchedulerType) -> AppServices {
    let client = HTTPClient(
      baseURL: url, tokens: SessionTokenFile(directory: directory, server: url))
    let backend = RemoteBackend(client: client, scheduler: scheduler)
    return AppServices(
      auth: backend, collections: backend,
      features: FeatureServices.remote(backend, scheduler),
      scheduler: scheduler, origin: url.absoluteString, server: url)
  }
}
