import Foundation
import Models
import ReactiveCore
import Services

/// Every service protocol, answered by the app's server over HTTP (see `Docs/HTTP-API.md`).
/// The operations of every collection of records are ``RemoteRecords``, written once
/// (`records(_:)`); a feature's own services are extensions in the feature's folder.
///
/// Each call that returns a `Single` runs the `HTTPClient` request in a task when subscribed;
/// disposing the subscription cancels the task, which closes the connection. A call written
/// with async/await (``requestPasswordReset(email:)``) runs it in the calling task instead. Answers are delivered on
/// `scheduler` (the main scheduler in an app), as the embedded backend's are: a view model's
/// closures run where its requests answer, before its Drivers move anything to the main queue,
/// and those closures are isolated to the main actor, which Swift checks when they run. The server
/// has no change feed, so the account status and the lists that change are polled every `pollInterval`
/// (and re-read at once after a write made through this backend).
///
/// A call the server refuses because its session ended fails with
/// ``ServiceError/sessionExpired`` and makes ``sessionExpirations`` emit; the polled account
/// status then reads ``AccountStatus/unavailable``.
public final class RemoteBackend: @unchecked Sendable {
  // Immutable after init; the client and the relay are thread-safe.
  /// The HTTP client in use.
  public let client: HTTPClient
  private let scheduler: SchedulerType
  private let pollScheduler: SchedulerType
  private let pollInterval: RxTimeInterval
  private let localWrites = PublishRelay<Void>()
  let expirations = PublishRelay<Void>()

  /// Creates the backend. Answers are delivered on `scheduler`, which also times the polling
  /// unless `pollScheduler` is given (tests pass a virtual clock there, to decide when polls
  /// happen).
  public init(
    client: HTTPClient, scheduler: SchedulerType, pollInterval: RxTimeInterval = .seconds(2),
    pollScheduler: SchedulerType? = nil
  ) {
    self.client = client
    self.scheduler = scheduler
    self.pollScheduler = pollScheduler ?? scheduler
    self.pollInterval = pollInterval
  }

  func call<Result: Sendable>(
    _ work: @Sendable @escaping (HTTPClient) async throws -> Result
  ) -> Single<Result> {
    let client = self.client
    let expirations = self.expirations
    return Single.create(detached: true) { try await work(client) }.observe(on: scheduler)
      .do(onError: { error in
        if error as? ServiceError == .sessionExpired { expirations.accept(()) }
      })
  }

  /// `work` on the client in the calling task, for the services written with async/await: as
  /// with ``call(_:)``, a call refused because the session ended makes ``sessionExpirations``
  /// emit.
  func perform<Result>(_ work: (HTTPClient) async throws -> Result) async throws -> Result {
    do {
      return try await work(client)
    } catch ServiceError.sessionExpired {
      expirations.accept(())
      throw ServiceError.sessionExpired
    }
  }

  func write<Result: Sendable>(
    _ work: @Sendable @escaping (HTTPClient) async throws -> Result
  ) -> Single<Result> {
    let writes = localWrites
    return call(work).do(onSuccess: { _ in writes.accept(()) })
  }

  /// The value now, then each different value, re-read on a timer and after local writes;
  /// `followsWrite` tells whether a write made through this backend since subscribing came
  /// before the read. A failed poll is skipped; the next one tries again.
  func polled<Value: Sendable & Equatable>(
    _ work: @Sendable @escaping (HTTPClient) async throws -> Value
  ) -> Observable<(value: Value, followsWrite: Bool)> {
    Observable.merge(
      .just(false),
      Observable<Int>.interval(pollInterval, scheduler: pollScheduler).map { _ in false },
      localWrites.map { true }
    )
    .scan(false) { wroteBefore, isWrite in wroteBefore || isWrite }
    .flatMapLatest {
      [client, scheduler] followsWrite -> Observable<(value: Value, followsWrite: Bool)> in
      Single.create(detached: true) { try await work(client) }.asObservable()
        .map { (value: $0, followsWrite: followsWrite) }
        .catch { _ in .empty() }
        .observe(on: scheduler)
    }
    .distinctUntilChanged { $0.value == $1.value }
  }
}
