import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct HotAndColdTests {
  @Test func aHotObservableIsMissedBeforeTheDefaultSubscriptionAndAfterTheDefaultDisposal() {
    let scheduler = TestScheduler(initialClock: 0)
    let hot = scheduler.createHotObservable([
      .next(150, "too early"), .next(250, "in time"), .next(1_100, "too late"),
    ])

    let observer = scheduler.start { hot.asObservable() }

    expectEqual(observer.events, [.next(250, "in time")])
    expectEqual(hot.subscriptions, [Subscription(200, 1_000)])
  }

  @Test func aColdObservableCountsItsTimesFromTheSubscription() {
    let scheduler = TestScheduler(initialClock: 0)
    let cold = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])

    let observer = scheduler.start { cold.asObservable() }

    expectEqual(observer.events, [.next(210, 1), .next(220, 2), .completed(230)])
    expectEqual(cold.subscriptions, [Subscription(200, 230)])
  }

  @Test func everySubscriberOfAColdObservableGetsTheWholeSequenceFromItsOwnStart() {
    let scheduler = TestScheduler(initialClock: 0)
    let cold = scheduler.createColdObservable([.next(10, "x"), .completed(10)])
    let early = scheduler.createObserver(String.self)
    let late = scheduler.createObserver(String.self)
    let bag = DisposeBag()
    scheduler.scheduleAt(100) { cold.asObservable().subscribe(early).disposed(by: bag) }
    scheduler.scheduleAt(500) { cold.asObservable().subscribe(late).disposed(by: bag) }

    scheduler.start()

    expectEqual(early.events, [.next(110, "x"), .completed(110)])
    expectEqual(late.events, [.next(510, "x"), .completed(510)])
    expectEqual(cold.subscriptions, [Subscription(100, 110), Subscription(500, 510)])
  }

  @Test func subscribingToATestObservableDirectlyLeavesItsRecordOpen() {
    let scheduler = TestScheduler(initialClock: 0)
    let cold = scheduler.createColdObservable([.next(10, "x"), .completed(10)])
    let observer = scheduler.createObserver(String.self)
    let bag = DisposeBag()
    scheduler.scheduleAt(100) { cold.subscribe(observer).disposed(by: bag) }

    scheduler.start()

    expectEqual(observer.events, [.next(110, "x"), .completed(110)])
    expectEqual(cold.subscriptions, [Subscription(100)])
    expectEqual(cold.subscriptions[0].unsubscribe, Int.max)
  }

  @Test func anOperatorBetweenClosesTheRecordAtTheTerminalEvent() {
    let scheduler = TestScheduler(initialClock: 0)
    let cold = scheduler.createColdObservable([.next(10, 1), .error(15, TestFailure.broken)])

    let observer = scheduler.start { cold.map { $0 * 2 } }

    expectEqual(observer.events, [.next(210, 2), .error(215, TestFailure.broken)])
    expectEqual(cold.subscriptions, [Subscription(200, 215)])
  }

  @Test func startRunsCreationSubscriptionAndDisposalAtTheGivenTimes() {
    let scheduler = TestScheduler(initialClock: 0)
    let hot = scheduler.createHotObservable([.next(5, 0), .next(15, 1), .next(25, 2)])
    var createdAt: TestTime?

    let observer = scheduler.start(created: 1, subscribed: 10, disposed: 20) {
      () -> Observable<Int> in
      createdAt = scheduler.clock
      return hot.asObservable()
    }

    expectEqual(createdAt, 1)
    expectEqual(observer.events, [.next(15, 1)])
    expectEqual(hot.subscriptions, [Subscription(10, 20)])
    expectEqual(TestScheduler.Defaults.created, 100)
    expectEqual(TestScheduler.Defaults.subscribed, 200)
    expectEqual(TestScheduler.Defaults.disposed, 1_000)
  }

  @Test func startWithOnlyADisposalTimeUsesTheOtherDefaults() {
    let scheduler = TestScheduler(initialClock: 0)
    let hot = scheduler.createHotObservable([.next(210, "a"), .next(400, "b")])

    let observer = scheduler.start(disposed: 300) { hot.asObservable() }

    expectEqual(observer.events, [.next(210, "a")])
    expectEqual(hot.subscriptions, [Subscription(200, 300)])
  }

  @Test func aHotObservableDeliversToEveryObserverSubscribedAtThatTime() {
    let scheduler = TestScheduler(initialClock: 0)
    let hot = scheduler.createHotObservable([.next(10, 1), .next(20, 2), .completed(30)])
    let first = scheduler.createObserver(Int.self)
    let second = scheduler.createObserver(Int.self)
    var firstSubscription: Disposable?
    scheduler.scheduleAt(0) { firstSubscription = hot.subscribe(first) }
    scheduler.scheduleAt(15) { _ = hot.subscribe(second) }
    scheduler.scheduleAt(25) { firstSubscription?.dispose() }

    scheduler.start()

    expectEqual(first.events, [.next(10, 1), .next(20, 2)])
    expectEqual(second.events, [.next(20, 2), .completed(30)])
    expectEqual(hot.subscriptions, [Subscription(0, 25), Subscription(15)])
  }

  @Test func eventsListedOutOfOrderStillRunInTimeOrder() {
    let scheduler = TestScheduler(initialClock: 0)
    let hot = scheduler.createHotObservable([
      .next(300, "c"), .next(250, "a"), .next(250, "b"), .completed(400),
    ])
    let cold = scheduler.createColdObservable([.next(20, 2), .next(10, 1)])

    let hotObserver = scheduler.start { hot.asObservable() }
    let coldObserver = scheduler.start(created: 1_100, subscribed: 1_200, disposed: 1_215) {
      cold.asObservable()
    }

    expectEqual(
      hotObserver.events, [.next(250, "a"), .next(250, "b"), .next(300, "c"), .completed(400)])
    expectEqual(coldObserver.events, [.next(1_210, 1)])
    expectEqual(cold.subscriptions, [Subscription(1_200, 1_215)])
  }

  @Test func theResourceCountReturnsToZeroAfterStart() {
    let counter = ResourceCounter()
    counter.measure {
      let scheduler = TestScheduler(initialClock: 0)
      let cold = scheduler.createColdObservable([.next(10, 1), .completed(20)])
      let hot = scheduler.createHotObservable([.next(300, 1)])
      _ = scheduler.start { cold.map { $0 + 1 } }
      _ = scheduler.start(created: 1_000, subscribed: 1_100, disposed: 1_200) { hot.asObservable() }
    }
    expectEqual(counter.live, 0)
  }
}

enum TestFailure: Error, Equatable {
  case broken
  case other
}
