import Models
import ReactiveCore
import ReactiveTesting
import Services

/// A timeline service whose answers a test scripts as timelines on a `TestScheduler`.
public final class FakeTimelineService: TimelineService {
  /// The scheduler the answers run on.
  public let scheduler: TestScheduler
  /// The answer to `timeline(after:limit:)`.
  public var timelineResponse: ((TimelineCursor) -> [Recorded<Event<[Post]>>])?
  /// The answer to `timeline(before:limit:)`.
  public var olderResponse: ((TimelineCursor) -> [Recorded<Event<[Post]>>])?
  /// The answer to `posts(of:after:limit:)`.
  public var postsResponse: ((Person, TimelineCursor) -> [Recorded<Event<[Post]>>])?
  /// The answer to `posts(of:before:limit:)`.
  public var olderPostsResponse: ((Person, TimelineCursor) -> [Recorded<Event<[Post]>>])?
  /// The answer to `people()`.
  public var peopleResponse: (() -> [Recorded<Event<[Person]>>])?

  /// The cursors the timeline was asked after, in order.
  public private(set) var timelineCursors: [TimelineCursor] = []
  /// The cursors older pages were asked before, in order.
  public private(set) var olderCursors: [TimelineCursor] = []
  /// The people and cursors posts were asked for, in order.
  public private(set) var postsRequests: [(person: Person, cursor: TimelineCursor)] = []
  /// The people and cursors older posts were asked before, in order.
  public private(set) var olderPostsRequests: [(person: Person, cursor: TimelineCursor)] = []
  /// The `people()` requests, in order, to inspect their subscriptions.
  public private(set) var peopleRequests: [TestableObservable<[Person]>] = []

  /// What `watchTimeline()` answers: it never emits; its `subscriptions` are the times a
  /// timeline was watched.
  public let watches: TestableObservable<Never>

  /// Creates a fake that answers on `scheduler`.
  public init(scheduler: TestScheduler) {
    self.scheduler = scheduler
    watches = scheduler.createColdObservable([])
  }

  /// Answers with ``watches``.
  public func watchTimeline() -> Observable<Never> { watches.asObservable() }

  /// Answers with the scripted `timelineResponse`.
  public func timeline(after cursor: TimelineCursor, limit: Int) -> Single<[Post]> {
    timelineCursors.append(cursor)
    guard let timelineResponse else { return .error(unscripted("timeline(after: \(cursor))")) }
    return scheduler.createColdObservable(timelineResponse(cursor)).asObservable().asSingle()
  }

  /// Answers with the scripted `olderResponse`.
  public func timeline(before cursor: TimelineCursor, limit: Int) -> Single<[Post]> {
    olderCursors.append(cursor)
    guard let olderResponse else { return .error(unscripted("timeline(before: \(cursor))")) }
    return scheduler.createColdObservable(olderResponse(cursor)).asObservable().asSingle()
  }

  /// Answers with the scripted `postsResponse`.
  public func posts(of person: Person, after cursor: TimelineCursor, limit: Int) -> Single<[Post]> {
    postsRequests.append((person, cursor))
    guard let postsResponse else { return .error(unscripted("posts(of: \(person.name))")) }
    return scheduler.createColdObservable(postsResponse(person, cursor)).asObservable()
      .asSingle()
  }

  /// Answers with the scripted `olderPostsResponse`.
  public func posts(of person: Person, before cursor: TimelineCursor, limit: Int) -> Single<[Post]>
  {
    olderPostsRequests.append((person, cursor))
    guard let olderPostsResponse else {
      return .error(unscripted("posts(of: \(person.name), before: \(cursor))"))
    }
    return scheduler.createColdObservable(olderPostsResponse(person, cursor)).asObservable()
      .asSingle()
  }

  /// Answers with the scripted `peopleResponse`.
  public func people() -> Single<[Person]> {
    guard let peopleResponse else { return .error(unscripted("people()")) }
    let request = scheduler.createColdObservable(peopleResponse())
    peopleRequests.append(request)
    return request.asObservable().asSingle()
  }
}
