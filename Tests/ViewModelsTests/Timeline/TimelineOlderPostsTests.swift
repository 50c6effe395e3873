import Foundation
import Models
import ReactiveCore
import ReactiveTesting
import Services
import ServicesTesting
import Testing
import ViewModels

/// Paging back: "load older" fetches the page before the oldest post shown.
@Suite @MainActor struct TimelineOlderPostsTests {
  static let ada = Person(id: 1, name: "Ada")
  static let ready = AccountStatus.authorized(Account(email: "ada@example.com", displayName: "Ada"))

  static func post(_ id: Int) -> Post {
    Post(id: id, author: ada, text: "Post \(id)", date: Date(timeIntervalSince1970: Double(id)))
  }

  /// A server with posts 1–45; each page takes 100 ms; older pages fail while `failing`.
  static func service(_ clock: TestScheduler, failing: @escaping () -> Bool = { false })
    -> FakeTimelineService
  {
    let service = FakeTimelineService(scheduler: clock)
    let all = (1...45).reversed().map(post)
    service.timelineResponse = { cursor in
      let page = all.filter { $0.id > (cursor.newestId ?? 0) }.prefix(20)
      return [.next(100, Array(page)), .completed(100)]
    }
    service.olderResponse = { cursor in
      if failing() { return [.error(100, TestError.boom)] }
      let page = all.filter { $0.id < (cursor.oldestId ?? Int.max) }.prefix(20)
      return [.next(100, Array(page)), .completed(100)]
    }
    return service
  }

  enum TestError: Error, CustomStringConvertible {
    case boom
    var description: String { "the server is down" }
  }

  /// The posts shown, as "newest–oldest (count)".
  static func describe(_ snapshot: CollectionSnapshot<Post>) -> String {
    describe(snapshot.elements)
  }

  /// The posts shown, as "newest–oldest (count)".
  static func describe(_ posts: [Post]) -> String {
    guard let first = posts.first, let last = posts.last else { return "none" }
    return "\(first.id)–\(last.id) (\(posts.count))"
  }

  /// Makes the subscriptions `subscribe` returns at tick 0, disposes them at `end`, and runs
  /// the clock.
  static func run(
    _ clock: TestScheduler, until end: TestTime, _ subscribe: @escaping () -> [Disposable]
  ) {
    let bag = CompositeDisposable()
    clock.scheduleAt(0) { for subscription in subscribe() { _ = bag.insert(subscription) } }
    clock.scheduleAt(end) { bag.dispose() }
    clock.start()
  }

  @Test func loadsOlderPagesNewestFirstIgnoresRequestsWhileOneRunsAndSaysWhenNothingIsOlder() {
    let clock = TestScheduler.milliseconds()
    let service = Self.service(clock)
    let posts = clock.createObserver(String.self)
    let loadingOlder = clock.createObserver(Bool.self)
    let reachedOldest = clock.createObserver(Bool.self)
    SharingScheduler.mock(scheduler: clock) {
      let requests = clock.createHotObservable([
        .next(50, ()),  // nothing shown yet: ignored
        .next(500, ()), .next(550, ()),  // the second comes while the first runs: ignored
        .next(1_000, ()), .next(1_500, ()), .next(2_000, ()),
      ])
      let output = TimelineViewModel(
        account: .just(Self.ready), service: service, cache: InMemoryPostCache(),
        scheduler: clock, interval: .seconds(60)
      ).transform(.init(loadOlder: requests.asObservable()))
      Self.run(clock, until: 3_000) {
        [
          output.posts.map(Self.describe).drive(posts), output.isLoadingOlder.drive(loadingOlder),
          output.reachedOldest.drive(reachedOldest),
        ]
      }
    }
    expectEqual(
      timeline(posts.events),
      [
        "none@0", "45–26 (20)@100", "45–6 (40)@600", "45–1 (45)@1100",
      ])
    expectEqual(
      timeline(loadingOlder.events),
      [
        "false@0", "true@500", "false@600", "true@1000", "false@1100", "true@1500", "false@1600",
        "true@2000", "false@2100",
      ])
    expectEqual(timeline(reachedOldest.events), ["false@0", "true@1100"])
    expectEqual(
      service.olderCursors,
      [
        TimelineCursor(newestId: 45, oldestId: 26), TimelineCursor(newestId: 45, oldestId: 6),
        TimelineCursor(newestId: 45, oldestId: 1), TimelineCursor(newestId: 45, oldestId: 1),
      ])
  }

  @Test func aFailedOlderPageSaysSoKeepsThePostsAndTheNextGoodOneClearsIt() {
    let clock = TestScheduler.milliseconds()
    let service = Self.service(clock, failing: { clock.clock < 1_000 })
    let posts = clock.createObserver(String.self)
    let errors = clock.createObserver(String?.self)
    SharingScheduler.mock(scheduler: clock) {
      let requests = clock.createHotObservable([.next(500, ()), .next(1_000, ())])
      let output = TimelineViewModel(
        account: .just(Self.ready), service: service, cache: InMemoryPostCache(),
        scheduler: clock, interval: .seconds(60)
      ).transform(.init(loadOlder: requests.asObservable()))
      Self.run(clock, until: 2_000) {
        [output.posts.map(Self.describe).drive(posts), output.errorMessage.drive(errors)]
      }
    }
    expectEqual(timeline(posts.events), ["none@0", "45–26 (20)@100", "45–6 (40)@1100"])
    expectEqual(
      errors.events.map { "\($0.value.element.map { $0 ?? "nil" } ?? "end")@\($0.time)" },
      [
        "nil@0", "Could not load older posts: the server is down@600", "nil@1100",
      ])
  }

  @Test func theTimelineIsWatchedWhileAnyOutputIsSubscribed() {
    let clock = TestScheduler.milliseconds()
    let service = Self.service(clock)
    SharingScheduler.mock(scheduler: clock) {
      let output = TimelineViewModel(
        account: .just(Self.ready), service: service, cache: InMemoryPostCache(),
        scheduler: clock, interval: .seconds(60)
      ).transform(.init())
      let posts = SerialDisposable()
      let errors = SerialDisposable()
      clock.scheduleAt(1_000) { posts.disposable = output.posts.drive() }
      clock.scheduleAt(2_000) { errors.disposable = output.errorMessage.drive() }
      clock.scheduleAt(3_000) { posts.dispose() }
      clock.scheduleAt(4_000) { errors.dispose() }
      let later = SerialDisposable()
      clock.scheduleAt(5_000) { later.disposable = output.isLoadingOlder.drive() }
      clock.scheduleAt(6_000) { later.dispose() }
      clock.start()
    }
    // One watch for the overlapping outputs, then another.
    expectEqual(
      service.watches.subscriptions, [Subscription(1_000, 4_000), Subscription(5_000, 6_000)])
  }

  @Test func aPersonsOlderPostsArePagedTooAndNewPostsStillComeFirst() {
    let clock = TestScheduler.milliseconds()
    let service = FakeTimelineService(scheduler: clock)
    // Ada's posts 1–25, and post 26 from 1.5 s on; each page takes 100 ms.
    let posts = { (clock.clock >= 1_500 ? (1...26) : (1...25)).reversed().map(Self.post) }
    service.postsResponse = { _, cursor in
      let page = posts().filter { $0.id > (cursor.newestId ?? 0) }.prefix(20)
      return [.next(100, Array(page)), .completed(100)]
    }
    service.olderPostsResponse = { _, cursor in
      let page = posts().filter { $0.id < (cursor.oldestId ?? Int.max) }.prefix(20)
      return [.next(100, Array(page)), .completed(100)]
    }
    let shown = clock.createObserver(String.self)
    let loadingOlder = clock.createObserver(Bool.self)
    let reachedOldest = clock.createObserver(Bool.self)
    SharingScheduler.mock(scheduler: clock) {
      let requests = clock.createHotObservable([
        .next(50, ()),  // nothing shown yet: ignored
        .next(500, ()), .next(550, ()),  // the second comes while the first runs: ignored
        .next(2_500, ()),
      ])
      let output = PersonTimelineViewModel(
        person: Self.ada, account: .just(Self.ready), service: service, scheduler: clock,
        interval: .seconds(1)
      ).transform(.init(loadOlder: requests.asObservable()))
      Self.run(clock, until: 3_000) {
        [
          output.posts.map { Self.describe($0) }.drive(shown),
          output.isLoadingOlder.drive(loadingOlder), output.reachedOldest.drive(reachedOldest),
        ]
      }
    }
    expectEqual(
      timeline(shown.events),
      [
        "none@0", "25–6 (20)@100", "25–1 (25)@600", "26–1 (26)@2100",
      ])
    expectEqual(
      timeline(loadingOlder.events),
      [
        "false@0", "true@500", "false@600", "true@2500", "false@2600",
      ])
    expectEqual(timeline(reachedOldest.events), ["false@0", "true@600"])
    expectEqual(
      service.olderPostsRequests.map(\.cursor),
      [
        TimelineCursor(newestId: 25, oldestId: 6), TimelineCursor(newestId: 26, oldestId: 1),
      ])
  }
}
