import Foundation
import Models
import ReactiveCore
import Services

/// The embedded backend: every service protocol, answered from the `LocalStore` in the data
/// directory.
///
/// Each call waits the configured latency on the injected scheduler, then reads or writes the
/// store, so front ends can show their spinners and tests stay on virtual time. Nothing
/// happens for a request that is never subscribed, and disposing it during the latency cancels
/// it. Changes, including those made by another process, are noticed by polling the store
/// every `pollInterval`, and at once for writes made through this backend.
public final class LocalBackend: AuthenticationService, FriendsService, SearchService,
  TimelineService, @unchecked Sendable
{
  // Immutable after init; `LocalStore` and the relays are thread-safe.

  /// What to slow down or break, to try the fronts' loading and error states.
  public struct Faults: Sendable {
    /// How long each answer takes; `nil` answers at once.
    public var latency: RxTimeInterval?
    /// The names of the calls that fail (for example `"friends"`, `"logIn"`).
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
  private let changes: Observable<StoreChanges>
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

  // MARK: - AuthenticationService

  /// Logs in with the store's account.
  public func logIn(email: String, password: String) -> Single<Account> {
    write("logIn") { store in try store.logIn(email: email, password: password) }
  }

  /// Logs out.
  public func logOut() -> Completable {
    write("logOut") { store in try store.logOut() }.asCompletable()
  }

  /// Accepts a reset request for a valid email and answers ``passwordResetText(email:)``:
  /// this demo sends nothing, and says so, in the same words whether or not the address has
  /// an account.
  public func requestPasswordReset(email: String) -> Single<String> {
    read("requestPasswordReset") { store in
      try store.requestPasswordReset(email: email)
      return Self.passwordResetText(email: email)
    }
  }

  /// The confirmation of a reset request for `email` on the embedded data.
  public static func passwordResetText(email: String) -> String {
    "This demo sends no email: no reset link was sent to \(email), "
      + "whether or not it has an account."
  }

  /// The status now, then each change.
  public var accountStatus: Observable<AccountStatus> {
    let store = self.store
    return Observable.deferred { .just(try store.accountStatus()) }
      .concat(changes.filter(\.accountChanged).map { $0.snapshot.accountStatus })
      .distinctUntilChanged()
  }

  // MARK: - FriendsService

  /// All friends.
  public func friends() -> Single<[Friend]> {
    read("friends") { store in try store.friends() }
  }

  /// One friend.
  public func friend(id: Int) -> Single<Friend> {
    read("friend") { store in try store.friend(id: id) }
  }

  /// Adds a friend.
  public func add(_ draft: FriendDraft) -> Single<Friend> {
    write("add") { store in try store.addFriend(draft) }
  }

  /// Updates a friend.
  public func update(_ friend: Friend) -> Single<Friend> {
    write("update") { store in try store.updateFriend(friend) }
  }

  /// Removes a friend.
  public func remove(id: Int) -> Completable {
    write("remove") { store in try store.removeFriend(id: id) }.asCompletable()
  }

  /// Emits after each change to the friends, here or in another process.
  public var friendsChanged: Observable<Void> {
    changes.filter { !$0.friends.isEmpty }.map { _ in () }
  }

  // MARK: - SearchService

  /// Friends whose names contain `query`.
  public func search(_ query: String) -> Single<[Friend]> {
    read("search") { store in try store.searchFriends(matching: query) }
  }

  // MARK: - TimelineService

  /// Posts newer than the cursor.
  public func timeline(after cursor: TimelineCursor, limit: Int) -> Single<[Post]> {
    read("timeline") { store in try store.timeline(sinceId: cursor.newestId, limit: limit) }
  }

  /// A person's posts newer than the cursor.
  public func posts(of person: Person, after cursor: TimelineCursor, limit: Int) -> Single<[Post]> {
    read("posts") { store in
      try store.posts(byPerson: person.id, sinceId: cursor.newestId, limit: limit)
    }
  }

  /// The people who post.
  public func people() -> Single<[Person]> {
    read("people") { store in try store.people() }
  }

  // MARK: - Calls

  private func read<Result>(_ name: String, _ body: @escaping (LocalStore) throws -> Result)
    -> Single<Result>
  {
    call(name, body, announce: false)
  }

  private func write<Result>(_ name: String, _ body: @escaping (LocalStore) throws -> Result)
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
