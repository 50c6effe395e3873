import Models
import ReactiveCore
import ReactiveTesting
import Services

/// A search service whose answers a test scripts as timelines on a `TestScheduler`.
///
/// `requests` keeps the latest request of each query, and `allRequests` every request in
/// order, so a test can assert when each search started and was cancelled.
public final class FakeSearchService: SearchService {
  /// The scheduler the answers run on.
  public let scheduler: TestScheduler
  /// The answer to a search for the given query.
  public var response: ((String) -> [Recorded<Event<[Friend]>>])?
  /// The latest request of each query.
  public private(set) var requests: [String: TestableObservable<[Friend]>] = [:]
  /// Every request, in order, with its query.
  public private(set) var allRequests: [(query: String, request: TestableObservable<[Friend]>)] =
    []

  /// Creates a fake that answers on `scheduler`.
  public init(scheduler: TestScheduler) {
    self.scheduler = scheduler
  }

  /// Answers with the scripted `response`.
  public func search(_ query: String) -> Single<[Friend]> {
    guard let response else { return .error(unscripted("search(\"\(query)\")")) }
    let request = scheduler.createColdObservable(response(query))
    requests[query] = request
    allRequests.append((query, request))
    return request.asObservable().asSingle()
  }
}
