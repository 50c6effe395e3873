import Foundation
import Models
import ReactiveCore
import Services

/// Every service protocol, answered by a Friends server over HTTP (see `Docs/HTTP-API.md`).
///
/// Each call runs the `HTTPClient` request in a task when subscribed; disposing the
/// subscription cancels the task, which closes the connection. Answers are delivered on
/// `scheduler` (the main scheduler in an app), as the embedded backend's are: a view model's
/// closures run where its requests answer, before its Drivers move anything to the main queue,
/// and those closures are isolated to the main actor, which Swift checks when they run. The server
/// has no change feed, so the account status and the friends are polled every `pollInterval`
/// (and re-read at once after a write made through this backend).
///
/// A call the server refuses because its session ended fails with
/// ``ServiceError/sessionExpired`` and makes ``sessionExpirations`` emit; the polled account
/// status then reads ``AccountStatus/unavailable``.
public final class RemoteBackend: AuthenticationService, FriendsService, SearchService,
  TimelineService, @unchecked Sendable
{
  // Immutable after init; the client and the relay are thread-safe.
  /// The HTTP client in use.
  public let client: HTTPClient
  private let scheduler: SchedulerType
  private let pollScheduler: SchedulerType
  private let pollInterval: RxTimeInterval
  private let localWrites = PublishRelay<Void>()
  private let expirations = PublishRelay<Void>()

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

  /// Logs in.
  public func logIn(email: String, password: String) -> Single<Account> {
    write { client in try await client.logIn(email: email, password: password) }
  }

  /// Logs out.
  public func logOut() -> Completable {
    write { client in try await client.logOut() }.asCompletable()
  }

  /// Asks for a reset link.
  public func requestPasswordReset(email: String) -> Single<String> {
    call { client in
      try await client.requestPasswordReset(email: email)
      return "We sent a reset link to \(email)."
    }
  }

  /// The status now, then each change seen by polling. A session the server ended reads
  /// as ``AccountStatus/unavailable`` (and makes ``sessionExpirations`` emit); other failed
  /// reads are skipped.
  public var accountStatus: Observable<AccountStatus> {
    let expirations = self.expirations
    return polled { client in
      do {
        return try await client.accountStatus()
      } catch ServiceError.sessionExpired {
        expirations.accept(())
        return .unavailable
      }
    }.map(\.value)
  }

  /// The status read once: fails at once when the server cannot be reached.
  public func currentAccountStatus() -> Single<AccountStatus> {
    call { client in try await client.accountStatus() }
  }

  /// Emits each time a call got ``ServiceError/sessionExpired``.
  public var sessionExpirations: Observable<Void> { expirations.asObservable() }

  /// All friends.
  public func friends() -> Single<[Friend]> { call { client in try await client.friends() } }

  /// One friend.
  public func friend(id: Int) -> Single<Friend> {
    call { client in try await client.friend(id: id) }
  }

  /// Adds a friend.
  public func add(_ draft: FriendDraft) -> Single<Friend> {
    write { client in try await client.addFriend(draft) }
  }

  /// Updates a friend.
  public func update(_ friend: Friend) -> Single<Friend> {
    write { client in try await client.updateFriend(friend) }
  }

  /// Removes a friend.
  public func remove(id: Int) -> Completable {
    write { client in try await client.removeFriend(id: id) }.asCompletable()
  }

  /// Emits when a read of the friends differs from the one before: at each poll, and after
  /// each write made through this backend. The first read is the baseline and is not a
  /// change, unless a write made through this backend since subscribing came first (that
  /// write cancels the baseline read, and its change must not be lost).
  public var friendsChanged: Observable<Void> {
    polled { client in try await client.friends() }.enumerated()
      .filter { $0.index > 0 || $0.element.followsWrite }
      .map { _ in () }
  }

  /// Searches friends.
  public func search(_ query: String) -> Single<[Friend]> {
    call { client in try await client.searchFriends(matching: query) }
  }

  /// Posts newer than the cursor.
  public func timeline(after cursor: TimelineCursor, limit: Int) -> Single<[Post]> {
    call { client in try await client.timeline(sinceId: cursor.newestId, maxId: nil, limit: limit) }
  }

  /// A person's posts newer than the cursor.
  public func posts(of person: Person, after cursor: TimelineCursor, limit: Int) -> Single<[Post]> {
    call { client in
      try await client.posts(
        byPerson: person.id, sinceId: cursor.newestId, maxId: nil, limit: limit)
    }
  }

  /// The people who post.
  public func people() -> Single<[Person]> { call { client in try await client.people() } }

  private func call<Result: Sendable>(
    _ work: @Sendable @escaping (HTTPClient) async throws -> Result
  ) -> Single<Result> {
    let client = self.client
    let expirations = self.expirations
    return Single.create(detached: true) { try await work(client) }.observe(on: scheduler)
      .do(onError: { error in
        if error as? ServiceError == .sessionExpired { expirations.accept(()) }
      })
  }

  private func write<Result: Sendable>(
    _ work: @Sendable @escaping (HTTPClient) async throws -> Result
  ) -> Single<Result> {
    let writes = localWrites
    return call(work).do(onSuccess: { _ in writes.accept(()) })
  }

  /// The value now, then each different value, re-read on a timer and after local writes;
  /// `followsWrite` tells whether a write made through this backend since subscribing came
  /// before the read. A failed poll is skipped; the next one tries again.
  private func polled<Value: Sendable & Equatable>(
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
