import Foundation
import Models
import ReactiveCore
import Services

/// The embedded backend: every service protocol, answered from the `LocalStore` in the data
/// directory. The operations of every collection of records are ``LocalRecords``, written once
/// (`records(_:)`); a feature's own services are extensions in the feature's folder.
///
/// Each call waits the configured latency on the injected scheduler, then reads or writes the
/// store, so front ends can show their spinners and tests stay on virtual time. Nothing
/// happens for a request that is never subscribed, and disposing it during the latency cancels
/// it. A call written with async/await (`requestPasswordReset(email:)`) waits the same
/// latency in the calling task, and cancelling the task cancels it. Changes, including those made by another process, are noticed by polling the store
/// every `pollInterval`, and at once for writes made through this backend.
///
/// A data file that becomes damaged or is deleted while the app runs does not end the
/// session: the polling reports it on ``dataStatus``, the account status stays as last read,
/// and calls fail with the store's message until the file can be read again.
///
/// Calls fail with the services' errors: each ``StoreError`` becomes its
/// ``StoreError/serviceError`` (a file problem is ``ServiceError/storage(_:)`` with the
/// store's sentence), so that view models see the same errors from every backend.
public final class LocalBackend: @unchecked Sendable {
  // Immutable after init; `LocalStore` and the relays are thread-safe.

  /// What to slow down or break, to try the fronts' loading and error states.
  public struct Faults: Sendable {
    /// How long each answer takes; `nil` answers at once.
    public var latency: RxTimeInterval?
    /// The names of the calls that fail (for example `"logIn"`, `"logOut"`).
    public var failing: Set<String>

    /// Creates the faults.
    public init(latency: RxTimeInterval? = nil, failing: Set<String> = []) {
      self.latency = latency
      self.failing = failing
    }

    /// No latency, no failure.
    public static let none = Faults()
  }

  /// The error of a call listed in `Faults.failing`.
  public struct InjectedFailure: Error, CustomStringConvertible, Sendable {
    /// The call that was made to fail.
    public let call: String
    /// "the backend was told to fail <call>".
    public var description: String { "the backend was told to fail \(call)" }
  }

  /// The store behind the services.
  public let store: LocalStore
  private let scheduler: SchedulerType
  private let faults: Faults
  let changes: Observable<StoreChanges>
  private let localWrites = PublishRelay<Void>()
  /// Asks the polling to look at the file now: a call found it damaged or deleted.
  private let fileProblems = PublishRelay<Void>()
  /// What the polling saw last.
  private let status = BehaviorRelay(value: DataStatus.available)
  /// The contents as last read, for the account status while the file cannot be read.
  private let lastRead: BehaviorRelay<StoreSnapshot?>

  /// Creates the backend over `store`; `scheduler` times the latency and the polling.
  public init(
    store: LocalStore, scheduler: SchedulerType, faults: Faults = .none,
    pollInterval: RxTimeInterval = .seconds(1)
  ) {
    self.store = store
    self.scheduler = scheduler
    self.faults = faults
    let checks = Observable.merge(
      Observable<Int>.interval(pollInterval, scheduler: scheduler).map { _ in () },
      localWrites.asObservable(), fileProblems.asObservable()
    )
    let (status, lastRead) = (self.status, BehaviorRelay(value: try? store.snapshot()))
    self.lastRead = lastRead
    // Each time the changes are watched, they are compared with the contents at that moment,
    // so a change made while nobody watched is neither reported late nor taken as the
    // baseline of the next one. `merge` delivers one check at a time, which guards `last`
    // and `readable`. A file that cannot be read is reported on `status` and changes
    // nothing; once it can be read again, whatever differs from the contents read last is a
    // change.
    changes = Observable.deferred {
      var readable = true
      var last: StoreSnapshot
      do throws(StoreError) {
        last = try store.snapshot()
        status.accept(.available)
      } catch {
        guard let problem = error.dataStatus, let known = lastRead.value else {
          throw error.serviceError
        }
        status.accept(problem)
        (last, readable) = (known, false)
      }
      return checks.compactMap { _ -> StoreChanges? in
        let new: StoreSnapshot
        do throws(StoreError) {
          new = try store.snapshot()
        } catch {
          guard let problem = error.dataStatus else { throw error.serviceError }
          readable = false
          status.accept(problem)
          return nil
        }
        lastRead.accept(new)
        let recovered = !readable
        readable = true
        if recovered { status.accept(.available) }
        guard new.generation != last.generation || (recovered && new != last) else {
          return nil
        }
        let change = StoreChanges.between(last, new)
        last = new
        return change
      }
    }
    .share()
  }

  /// Whether the data file can be read: the current status, then each change, noticed by the
  /// polling (which watching the status keeps running) and at once when a call finds the
  /// file damaged or deleted.
  public var dataStatus: Observable<DataStatus> {
    Observable.merge(changes.compactMap { _ in DataStatus?.none }, status.asObservable())
      .distinctUntilChanged()
  }

  /// `read` on the store or, while its file cannot be read, `fallback` on the contents read
  /// last (before any was read, the store's error as a ``ServiceError``).
  func readOrLastRead<Result>(
    _ read: (LocalStore) throws(StoreError) -> Result,
    fallback: (StoreSnapshot) -> Result
  ) throws(ServiceError) -> Result {
    do {
      return try read(store)
    } catch {
      guard error.dataStatus != nil, let known = lastRead.value else { throw error.serviceError }
      return fallback(known)
    }
  }

  /// Emits after each change to the records of type `Record`, here or in another process.
  public func recordsChanged<Record: StoredRecord>(_ type: Record.Type) -> Observable<Void>
  where Record.ID == Int {
    changes.filter { !$0.changes(of: type).isEmpty }.map { _ in () }
  }

  // MARK: - Calls

  func read<Result>(_ name: String, _ body: @escaping (LocalStore) throws -> Result)
    -> Single<Result>
  {
    call(name, body, announce: false)
  }

  func write<Result>(_ name: String, _ body: @escaping (LocalStore) throws -> Result)
    -> Single<Result>
  {
    call(name, body, announce: true)
  }

  private func call<Result>(
    _ name: String, _ body: @escaping (LocalStore) throws -> Result, announce: Bool
  ) -> Single<Result> {
    var answer = Single<Result>.deferred { [self] in
      .just(try perform(name, body, announce: announce))
    }
    if let latency = faults.latency {
      answer = answer.delaySubscription(latency, scheduler: scheduler)
    }
    return answer
  }

  /// `read`, for the services written with async/await: waits the configured latency on the
  /// injected scheduler (through the bridge from a `Single`, so that a `TestScheduler` times it
  /// in virtual time), then reads the store in the calling task.
  ///
  /// Cancelling the calling task during the latency ends the wait at once with
  /// `CancellationError`, and the store is not read.
  func readAsync<Result>(_ name: String, _ body: (LocalStore) throws -> Result) async throws
    -> Result
  {
    if let latency = faults.latency {
      _ = try await Single<Int>.timer(latency, scheduler: scheduler).value
    }
    try Task.checkCancellation()
    return try perform(name, body, announce: false)
  }

  /// Runs `body` on the store now: fails with ``InjectedFailure`` for a call in
  /// `Faults.failing`, maps a store error to the services' words (asking the polling to look
  /// at a file found damaged or deleted), and announces a write.
  private func perform<Result>(
    _ name: String, _ body: (LocalStore) throws -> Result, announce: Bool
  ) throws -> Result {
    if faults.failing.contains(name) { throw InjectedFailure(call: name) }
    let result: Result
    do {
      result = try body(store)
    } catch let error as StoreError {
      if error.dataStatus != nil { fileProblems.accept(()) }
      throw error.serviceError
    }
    if announce { localWrites.accept(()) }
    return result
  }
}
