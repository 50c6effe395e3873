import Foundation
import Models
import Navigator
import ReactiveCore
import ReactiveTesting
import Services
import ServicesTesting
import Testing
import ViewModels

@Suite @MainActor struct TimelineViewModelTests {
  static let ada = Person(id: 1, name: "Ada")
  static let ready = AccountStatus.authorized(Account(email: "ada@example.com", displayName: "Ada"))

  static func post(_ id: Int) -> Post {
    Post(id: id, author: ada, text: "Post \(id)", date: Date(timeIntervalSince1970: Double(id)))
  }

  /// A server that has posts 1–3 from the start and post 4 from 1500 ms; each page takes 100 ms.
  static func service(_ clock: TestScheduler) -> FakeTimelineService {
    let service = FakeTimelineService(scheduler: clock)
    service.timelineResponse = { cursor in
      let available = (clock.clock >= 1_500 ? [4, 3, 2, 1] : [3, 2, 1]).map(post)
      let page = available.filter { $0.id > (cursor.newestId ?? 0) }
      return [.next(100, page), .completed(100)]
    }
    return service
  }

  @Test func fetchesOnATimerAdvancesTheCursorAndStopsWhilePaused() {
    let clock = TestScheduler.milliseconds()
    let service = Self.service(clock)
    let cache = InMemoryPostCache()
    let counter = ResourceCounter()
    var observer: TestableObserver<CollectionSnapshot<Post>>!
    counter.measure {
      SharingScheduler.mock(scheduler: clock) {
        let paused = clock.createHotObservable([.next(2_500, true), .next(4_500, false)])
        let output = TimelineViewModel(
          account: .just(Self.ready), service: service, cache: cache, scheduler: clock,
          interval: .seconds(1)
        ).transform(.init(paused: paused.asObservable()))
        observer = clock.start(created: 0, subscribed: 0, disposed: 6_000) {
          output.posts.asObservable()
        }
      }
    }
    // Fetches at 0, 1000, 2000, then none while paused, then 4500 and 5500.
    let c31 = TimelineCursor(newestId: 3, oldestId: 1)
    let c41 = TimelineCursor(newestId: 4, oldestId: 1)
    expectEqual(service.timelineCursors, [.none, c31, c31, c41, c41])
    expectEqual(
      observer.events,
      [
        .next(0, CollectionSnapshot(elements: [], changes: nil)),
        .next(
          100,
          CollectionSnapshot(
            elements: [3, 2, 1].map(Self.post), changes: ChangeSet(insertions: [0, 1, 2]))),
        .next(
          2_100,
          CollectionSnapshot(
            elements: [4, 3, 2, 1].map(Self.post), changes: ChangeSet(insertions: [0]))),
      ])
    expectEqual(counter.live, 0)
  }

  @Test func nothingIsFetchedWhileLoggedOutAndABannerShows() {
    let clock = TestScheduler.milliseconds()
    let service = Self.service(clock)
    let loggedIn = clock.createObserver(Bool.self)
    SharingScheduler.mock(scheduler: clock) {
      let account = clock.createHotObservable([
        .next(100, AccountStatus.unavailable), .next(1_500, Self.ready),
      ])
      let output = TimelineViewModel(
        account: account.asObservable(), service: service, cache: InMemoryPostCache(),
        scheduler: clock, interval: .seconds(1)
      ).transform(.init())
      let subscriptions = CompositeDisposable()
      clock.scheduleAt(0) {
        subscriptions.insert(output.loggedIn.drive(loggedIn))
        subscriptions.insert(output.posts.drive())
      }
      clock.scheduleAt(2_000) { subscriptions.dispose() }
      clock.start()
    }
    expectEqual(timeline(loggedIn.events), ["false@100", "true@1500"])
    expectEqual(service.timelineCursors, [.none])  // the first fetch, at 1500
  }

  @Test func peopleShowLoadingOnlyWhileFetchingAndRouteToATimeline() {
    let clock = TestScheduler.milliseconds()
    let service = FakeTimelineService(scheduler: clock)
    let grace = Person(id: 2, name: "Grace")
    service.peopleResponse = { [.next(300, [Self.ada, grace]), .completed(300)] }
    let loading = clock.createObserver(Bool.self)
    let people = clock.createObserver([Person].self)
    let routes = clock.createObserver(Route.self)
    SharingScheduler.mock(scheduler: clock) {
      let select = clock.createHotObservable([.next(400, Optional(grace)), .next(500, nil)])
      let output = PeopleViewModel(service: service).transform(.init(select: select.asObservable()))
      let bag = DisposeBag()
      clock.scheduleAt(0) {
        output.isLoadingVisible.drive(loading).disposed(by: bag)
        output.people.drive(people).disposed(by: bag)
        output.route.emit(to: routes).disposed(by: bag)
      }
      clock.start()
    }
    expectEqual(timeline(loading.events), ["false@0", "true@0", "false@300"])
    expectEqual(people.events, [.next(300, [Self.ada, grace])])
    expectEqual(
      routes.events,
      [
        .next(400, .showPersonTimeline(grace)), .next(500, .showPersonTimeline(nil)),
      ])
    expectEqual(PeopleViewModel.loadingText, "Loading…")
  }

  @Test func aPersonsTimelineAccumulatesPagesNewestFirstAndItsTitleWaitsForPosts() {
    let clock = TestScheduler.milliseconds()
    let service = FakeTimelineService(scheduler: clock)
    service.postsResponse = { _, cursor in
      let available = (clock.clock >= 1_500 ? [3, 2, 1] : [2, 1]).map(Self.post)
      return [.next(100, available.filter { $0.id > (cursor.newestId ?? 0) }), .completed(100)]
    }
    let posts = clock.createObserver([Post].self)
    let titles = clock.createObserver(String.self)
    SharingScheduler.mock(scheduler: clock) {
      let output = PersonTimelineViewModel(
        person: Self.ada, account: .just(Self.ready), service: service, scheduler: clock,
        interval: .seconds(1)
      ).transform(.init())
      let subscriptions = CompositeDisposable()
      clock.scheduleAt(0) {
        subscriptions.insert(output.posts.drive(posts))
        subscriptions.insert(output.title.drive(titles))
      }
      clock.scheduleAt(2_500) { subscriptions.dispose() }
      clock.start()
    }
    expectEqual(
      posts.events,
      [
        .next(0, []), .next(100, [2, 1].map(Self.post)), .next(2_100, [3, 2, 1].map(Self.post)),
      ])
    expectEqual(timeline(titles.events), ["None found@0", "Ada@100"])
    expectEqual(service.postsRequests.map(\.cursor.newestId), [nil, 2, 2])
  }

  @Test func anAccountStatusThatFailsStopsTheFetchingAsLoggingOutDoes() {
    let clock = TestScheduler.milliseconds()
    let service = Self.service(clock)
    var observer: TestableObserver<[Int]>!
    SharingScheduler.mock(scheduler: clock) {
      let account = clock.createHotObservable([
        .next(10, Self.ready), .error(1_200, Offline()),
      ])
      let output = TimelineViewModel(
        account: account.asObservable(), service: service, cache: InMemoryPostCache(),
        scheduler: clock, interval: .seconds(1)
      ).transform(.init())
      observer = clock.start(created: 0, subscribed: 0, disposed: 3_000) {
        output.posts.map { $0.elements.map(\.id) }.asObservable()
      }
    }
    // Fetches at 10 and 1010; none after the failure at 1200, and no crash.
    expectEqual(observer.events, [.next(0, []), .next(110, [3, 2, 1])])
    expectEqual(service.timelineCursors.count, 2)
  }

  struct Offline: LocalizedError {
    var errorDescription: String? { "the server did not answer" }
  }

  @Test func aBackendSlowerThanTheTimerStillDeliversItsFirstPage() {
    // Each page takes 6 s and the timer ticks every 5 s: the tick at 5 s is skipped instead of
    // cancelling the fetch, so the first page arrives at 6 s.
    let clock = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    let service = FakeTimelineService(scheduler: clock)
    service.timelineResponse = { cursor in
      let page = [3, 2, 1].map(Self.post).filter { $0.id > (cursor.newestId ?? 0) }
      return [.next(6_000, page), .completed(6_000)]
    }
    var observer: TestableObserver<CollectionSnapshot<Post>>!
    SharingScheduler.mock(scheduler: clock) {
      let output = TimelineViewModel(
        account: .just(Self.ready), service: service, cache: InMemoryPostCache(),
        scheduler: clock, interval: .seconds(5)
      ).transform(.init())
      observer = clock.start(created: 0, subscribed: 0, disposed: 9_000) {
        output.posts.asObservable()
      }
    }
    expectEqual(
      observer.events,
      [
        .next(0, CollectionSnapshot(elements: [], changes: nil)),
        .next(
          6_000,
          CollectionSnapshot(
            elements: [3, 2, 1].map(Self.post), changes: ChangeSet(insertions: [0, 1, 2]))),
      ])
    expectEqual(service.timelineCursors, [.none])
  }

  @Test func loadingLastsUntilTheFirstFetchEndsAndAFailureKeepsThePostsShown() {
    // Fetches at 0 (posts 3–1), 1000 (fails at 1100), 2000 (nothing new), 3000 (fails).
    let clock = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    let service = FakeTimelineService(scheduler: clock)
    service.timelineResponse = { cursor in
      switch clock.clock {
      case 0: return [.next(100, [3, 2, 1].map(Self.post)), .completed(100)]
      case 1_000, 3_000: return [.error(100, Offline())]
      default: return [.next(100, []), .completed(100)]
      }
    }
    let loading = clock.createObserver(Bool.self)
    let messages = clock.createObserver(String?.self)
    let posts = clock.createObserver([Int].self)
    SharingScheduler.mock(scheduler: clock) {
      let output = TimelineViewModel(
        account: .just(Self.ready), service: service, cache: InMemoryPostCache(),
        scheduler: clock, interval: .seconds(1)
      ).transform(.init())
      let subscriptions = CompositeDisposable()
      clock.scheduleAt(0) {
        subscriptions.insert(output.isLoading.drive(loading))
        subscriptions.insert(output.errorMessage.drive(messages))
        subscriptions.insert(output.posts.map { $0.elements.map(\.id) }.drive(posts))
      }
      clock.scheduleAt(3_500) { subscriptions.dispose() }
      clock.start()
    }
    expectEqual(timeline(loading.events), ["true@0", "false@100"])
    expectEqual(
      timeline(messages.events),
      [
        "nil@0", "Optional(\"Could not load posts: the server did not answer\")@1100", "nil@2100",
        "Optional(\"Could not load posts: the server did not answer\")@3100",
      ])
    expectEqual(timeline(posts.events), ["[]@0", "[3, 2, 1]@100"])
    expectEqual(service.timelineCursors.count, 4)
  }

  @Test func theErrorMessageAloneRunsTheFetcher() {
    let clock = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    let service = FakeTimelineService(scheduler: clock)
    service.timelineResponse = { _ in [.error(100, Offline())] }
    var observer: TestableObserver<String?>!
    SharingScheduler.mock(scheduler: clock) {
      let output = TimelineViewModel(
        account: .just(Self.ready), service: service, cache: InMemoryPostCache(),
        scheduler: clock, interval: .seconds(1)
      ).transform(.init())
      observer = clock.start(created: 0, subscribed: 0, disposed: 500) {
        output.errorMessage.asObservable()
      }
    }
    expectEqual(
      timeline(observer.events),
      [
        "nil@0", "Optional(\"Could not load posts: the server did not answer\")@100",
      ])
    expectEqual(service.timelineCursors, [.none])
  }

  @Test func aPersonsTimelineShowsAFailedFetchAndKeepsItsPosts() {
    let clock = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    let service = FakeTimelineService(scheduler: clock)
    service.postsResponse = { _, _ in
      clock.clock == 0
        ? [.next(100, [2, 1].map(Self.post)), .completed(100)] : [.error(100, Offline())]
    }
    let posts = clock.createObserver([Int].self)
    let messages = clock.createObserver(String?.self)
    SharingScheduler.mock(scheduler: clock) {
      let output = PersonTimelineViewModel(
        person: Self.ada, account: .just(Self.ready), service: service, scheduler: clock,
        interval: .seconds(1)
      ).transform(.init())
      let subscriptions = CompositeDisposable()
      clock.scheduleAt(0) {
        subscriptions.insert(output.posts.map { $0.map(\.id) }.drive(posts))
        subscriptions.insert(output.errorMessage.drive(messages))
      }
      clock.scheduleAt(1_500) { subscriptions.dispose() }
      clock.start()
    }
    expectEqual(timeline(posts.events), ["[]@0", "[2, 1]@100"])
    expectEqual(
      timeline(messages.events),
      [
        "nil@0", "Optional(\"Could not load posts: the server did not answer\")@1100",
      ])
  }
}

extension TimelineViewModelTests {
  @Test func peopleArriveWhicheverOutputIsBoundFirst() {
    let clock = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    let service = FakeTimelineService(scheduler: clock)
    service.peopleResponse = { [.next(300, [Self.ada]), .completed(300)] }
    let people = clock.createObserver([Person].self)
    let errors = clock.createObserver(String.self)
    SharingScheduler.mock(scheduler: clock) {
      let output = PeopleViewModel(service: service).transform(.init())
      let bag = DisposeBag()
      clock.scheduleAt(0) {
        output.errorMessage.emit(to: errors).disposed(by: bag)
        output.people.drive(people).disposed(by: bag)
      }
      clock.start()
    }
    expectEqual(people.events, [.next(300, [Self.ada])])
    expectEqual(errors.events, [])
  }
}

extension TimelineViewModelTests {
  @Test func peoplesErrorMessageAloneRunsTheRequest() {
    let clock = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    let service = FakeTimelineService(scheduler: clock)
    service.peopleResponse = { [.error(300, Offline())] }
    var errors: TestableObserver<String>!
    SharingScheduler.mock(scheduler: clock) {
      let output = PeopleViewModel(service: service).transform(.init())
      errors = clock.start(created: 0, subscribed: 0, disposed: 1_000) {
        output.errorMessage.asObservable()
      }
    }
    expectEqual(
      timeline(errors.events), ["Could not load people: the server did not answer@300"])
  }
}
