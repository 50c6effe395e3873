import Foundation
import Models
import ReactiveCore
import Services

/// The embedded backend: every service protocol, answered from the `LocalStore` in the data
/// directory; each feature's conformance is an extension in the feature's folder.
///
/// Each call waits the configured latency on the injected scheduler, then reads or writes the
/// store, so front ends can show their spinners and tests stay on virtual time. Nothing
/// happens for a request that is never subscribed, and disposing it during the latency cancels
/// it. Changes, including those made by another process, are noticed by polling the store
/// every `pollInterval`, and at once for writes made through this backend.
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
      localWrites.asObservable()
    )
    // Each time the changes are watched, they are compared with the contents at that moment,
    // so a change made while nobody watched is neither reported late nor taken as the
    // baseline of the next one. `merge` delivers one check at a time, which guards `last`.
    changes = Observable.deferred {
      var last = try store.snapshot()
      return checks.compactMap { _ in
        guard let change = try store.changes(since: last) else { return nil }
        last = change.snapshot
        return change
      }
    }
    .share()
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
    let (store, faults, scheduler, writes) = (self.store, self.faults, self.scheduler, localWrites)
    var answer = Single<Result>.deferred {
      if faults.failing.contains(name) { throw InjectedFailure(call: name) }
      let result = try body(store)
      if announce { writes.accept(()) }
      return .just(result)
    }
    if let latency = faults.latency {
      answer = answer.delaySubscription(latency, scheduler: scheduler)
    }
    return answer
  }
}
