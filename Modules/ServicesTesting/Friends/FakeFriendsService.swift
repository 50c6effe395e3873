import Models
import ReactiveCore
import ReactiveTesting
import Services

/// A friends service whose answers a test scripts as timelines on a `TestScheduler`.
public final class FakeFriendsService: FriendsService {
  /// One call the service received.
  public enum Call: Hashable, Sendable {
    case friends
    case friend(id: Int)
    case add(FriendDraft)
    case update(Friend)
    case remove(id: Int)
  }

  /// The scheduler the answers run on.
  public let scheduler: TestScheduler
  /// The answer to `friends()`, given how many times it was called before.
  public var friendsResponse: ((Int) -> [Recorded<Event<[Friend]>>])?
  /// The answer to `friend(id:)`.
  public var friendResponse: ((Int) -> [Recorded<Event<Friend>>])?
  /// The answer to `add(_:)`.
  public var addResponse: ((FriendDraft) -> [Recorded<Event<Friend>>])?
  /// The answer to `update(_:)`. A real service refuses a stale `revision` with
  /// `ServiceError.changedElsewhere(id:)`: script that error to test what a form does then.
  public var updateResponse: ((Friend) -> [Recorded<Event<Friend>>])?
  /// The answer to `remove(id:)`.
  public var removeResponse: ((Int) -> [Recorded<Event<Never>>])?
  /// Emits when the test says the data changed.
  public let changes = PublishRelay<Void>()

  /// Every call, in order.
  public private(set) var calls: [Call] = []

  /// Creates a fake that answers on `scheduler`.
  public init(scheduler: TestScheduler) {
    self.scheduler = scheduler
  }

  /// Answers with the scripted `friendsResponse`.
  public func friends() -> Single<[Friend]> {
    let count = calls.filter { $0 == .friends }.count
    calls.append(.friends)
    guard let friendsResponse else { return .error(unscripted("friends()")) }
    return single(friendsResponse(count))
  }

  /// Answers with the scripted `friendResponse`.
  public func friend(id: Int) -> Single<Friend> {
    calls.append(.friend(id: id))
    guard let friendResponse else { return .error(unscripted("friend(id: \(id))")) }
    return single(friendResponse(id))
  }

  /// Answers with the scripted `addResponse`.
  public func add(_ draft: FriendDraft) -> Single<Friend> {
    calls.append(.add(draft))
    guard let addResponse else { return .error(unscripted("add(\(draft))")) }
    return single(addResponse(draft))
  }

  /// Answers with the scripted `updateResponse`.
  public func update(_ friend: Friend) -> Single<Friend> {
    calls.append(.update(friend))
    guard let updateResponse else { return .error(unscripted("update(\(friend))")) }
    return single(updateResponse(friend))
  }

  /// Answers with the scripted `removeResponse`.
  public func remove(id: Int) -> Completable {
    calls.append(.remove(id: id))
    guard let removeResponse else { return .error(unscripted("remove(id: \(id))")) }
    return scheduler.createColdObservable(removeResponse(id)).asObservable().asCompletable()
  }

  /// The changes the test announces with `changes.accept(())`.
  public var friendsChanged: Observable<Void> { changes.asObservable() }

  private func single<Element>(_ events: [Recorded<Event<Element>>]) -> Single<Element> {
    scheduler.createColdObservable(events).asObservable().asSingle()
  }
}
