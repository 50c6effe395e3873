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
/// app's server when given its URL. Each feature reads its services with ``service(_:)``,
/// usually through a property of its own declared in its folder
/// (`var notes: NotesService { service(NotesService.self) }`): the first of ``features`` that
/// is one answers. The backends implement every feature's protocol; a feature that needs more
/// (a cache, a wrapper) adds it with one line in ``registrations``.
public struct AppServices {
  /// Logging in and out.
  public let auth: AuthenticationService
  /// The objects that implement the features' services, searched in order.
  public let features: [Any]
  /// The scheduler for debounces, timers and latency.
  public let scheduler: SchedulerType
  /// Where the data comes from, for messages such as "Using data in …".
  public let origin: String
  /// The server the data comes from, or `nil` for the data on this machine: a front shows
  /// which server it is on.
  public let server: URL?

  /// Assembles services from parts, for tests and custom setups: `features` holds the objects
  /// that implement the features' services (fakes, a backend), searched in order.
  public init(
    auth: AuthenticationService, features: [Any] = [], scheduler: SchedulerType, origin: String,
    server: URL? = nil
  ) {
    self.auth = auth
    self.features = features
    self.scheduler = scheduler
    self.origin = origin
    self.server = server
  }

  /// The first of ``features`` that implements `type`. A service that nothing implements is a
  /// programming error: the feature's registration or its backend conformance is missing.
  public func service<Service>(_ type: Service.Type) -> Service {
    for candidate in features {
      if let service = candidate as? Service { return service }
    }
    preconditionFailure(
      "Nothing implements \(Service.self): add the feature's line to AppServices.registrations,"
        + " or its conformance to the backends.")
  }

  /// The service of the collection of `Record`s: the first of ``features`` that is one (a
  /// fake, a wrapper), else the collection of the first that provides every collection (a
  /// backend, which implements `RecordsService` once for every record type).
  public func records<Record: CollectionRecord>(_ type: Record.Type) -> any RecordsService<Record> {
    for candidate in features {
      if let service = candidate as? any RecordsService<Record> { return service }
    }
    for candidate in features {
      if let provider = candidate as? any RecordsProvider { return provider.records(type) }
    }
    preconditionFailure(
      "Nothing provides the records of \(Record.self): AppServices.features holds no backend.")
  }

  /// Services on the embedded store in `directory`, created and seeded with its starting data if it
  /// does not exist yet; `faults` slows down or breaks its calls, to try the loading and error
  /// states; `registrations` add what features need besides the backend.
  public static func local(
    directory: URL, scheduler: SchedulerType, faults: LocalBackend.Faults = .none,
    registrations: [FeatureRegistration] = registrations
  ) throws -> AppServices {
    let store = try LocalStore(directory: directory)
    let backend = LocalBackend(store: store, scheduler: scheduler, faults: faults)
    return AppServices(
      auth: backend,
      features: registrations.flatMap { $0.local(backend, scheduler) } + [backend],
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
  public static func remote(
    url: URL, directory: URL, scheduler: SchedulerType,
    registrations: [FeatureRegistration] = registrations
  ) -> AppServices {
    let client = HTTPClient(
      baseURL: url, tokens: SessionTokenFile(directory: directory, server: url))
    let backend = RemoteBackend(client: client, scheduler: scheduler)
    return AppServices(
      auth: backend,
      features: registrations.flatMap { $0.remote(backend, scheduler) } + [backend],
      scheduler: scheduler, origin: url.absoluteString, server: url)
  }
}

/// What one feature adds to the services besides the backend, which implements every
/// feature's protocol: a cache, or a wrapper around the backend's service. Declared in the
/// feature's folder and listed with one line in ``AppServices/registrations``.
public struct FeatureRegistration {
  /// The objects to look in before the embedded store's backend.
  public var local: (LocalBackend, SchedulerType) -> [Any]
  /// The objects to look in before the server's backend.
  public var remote: (RemoteBackend, SchedulerType) -> [Any]

  /// Creates a registration.
  public init(
    local: @escaping (LocalBackend, SchedulerType) -> [Any],
    remote: @escaping (RemoteBackend, SchedulerType) -> [Any]
  ) {
    self.local = local
    self.remote = remote
  }
}
