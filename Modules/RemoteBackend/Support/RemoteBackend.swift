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
///
/// Every answer, polled or asked for, tells ``dataStatus`` whether the server answers: a call
/// that the server did not answer (it cannot be reached, timed out, answered with a 5xx status
/// or with what cannot be read) makes it ``DataStatus/unreachable(message:)``, so that a
/// front says at once, on every screen, that what it shows may be old; the next answer makes
/// it ``DataStatus/available`` again.
public final class RemoteBackend: @unchecked Sendable {
  // Immutable after init; the client and the relay are thread-safe.
  /// The HTTP client in use.
  public let client: HTTPClient
  private let scheduler: SchedulerType
  private let pollScheduler: SchedulerType
  private let pollInterval: RxTimeInterval
  private let localWrites = PublishRelay<Void>()
  let expirations = PublishRelay<Void>()
  /// Whether the server answered the latest call.
  let reachability = BehaviorRelay(value: DataStatus.available)

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
    let note = noteAnswer
    return Single.create(detached: true) { try await work(client) }.observe(on: scheduler)
      .do(
        onSuccess: { _ in note(nil) },
        onError: { error in
          if error as? ServiceError == .sessionExpired { expirations.accept(()) }
          note(error)
        })
  }

  /// Records whether the server answered a call: `nil` for an answer, else the call's error.
  /// An error the server gave on purpose (a refusal, an expired session) is an answer too; a
  /// cancelled call says nothing.
  var noteAnswer: @Sendable (Error?) -> Void {
    { [reachability, client] error in
      guard let error else {
        if reachability.value != .available { reachability.accept(.available) }
        return
      }
      guard let problem = Self.unanswered(error, server: client.baseURL) else {
        if !(error is CancellationError), reachability.value != .available {
          reachability.accept(.available)
        }
        return
      }
      if reachability.value != problem { reachability.accept(problem) }
    }
  }

  /// The status to report for `error` of a call to `server`, or `nil` when the server did
  /// answer.
  static func unanswered(_ error: Error, server: URL) -> DataStatus? {
    let reason: String
    switch error as? ServiceError {
    case .unreachable(let detail)?: reason = "it cannot be reached (\(detail))"
    case .timedOut?: reason = "it did not answer in time"
    case .malformedResponse?: reason = "its answer could not be read"
    case .http(let status, let message)? where status >= 500:
      reason = "it answered \(message.map { "\"\($0)\"" } ?? "with HTTP status \(status)")"
    default: return nil
    }
    var name = server.absoluteString
    while name.hasSuffix("/") { name.removeLast() }
    return .unreachable(
      message:
        "No answer from the server \(name): \(reason). What is shown may be out of date; it "
        + "updates once the server answers.")
  }

  /// Whether the server answers, as the latest call found: ``DataStatus/available``, or
  /// ``DataStatus/unreachable(message:)`` naming the server and what went wrong.
  public var dataStatus: Observable<DataStatus> {
    reachability.asObservable().distinctUntilChanged()
  }

  /// `work` on the client in the calling task, for the services written with async/await: as
  /// with ``call(_:)``, a call refused because the session ended makes ``sessionExpirations``
  /// emit.
  func perform<Result>(_ work: (HTTPClient) async throws -> Result) async throws -> Result {
    do {
      let result = try await work(client)
      noteAnswer(nil)
      return result
    } catch ServiceError.sessionExpired {
      expirations.accept(())
      noteAnswer(ServiceError.sessionExpired)
      throw ServiceError.sessionExpired
    } catch {
      noteAnswer(error)
      throw error
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
  /// before the read. A failed poll is skipped, the next one tries again, and ``dataStatus``
  /// says meanwhile that the server does not answer.
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
      [client, scheduler, noteAnswer] followsWrite -> Observable<(value: Value, followsWrite: Bool)>
      in
      Single.create(detached: true) { try await work(client) }.asObservable()
        .do(onNext: { _ in noteAnswer(nil) }, onError: { noteAnswer($0) })
        .map { (value: $0, followsWrite: followsWrite) }
        .catch { _ in .empty() }
        .observe(on: scheduler)
    }
    .distinctUntilChanged { $0.value == $1.value }
  }
}
