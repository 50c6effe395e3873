import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct TimerAndDelayTests {
  @Test func aOneShotTimerEmitsZeroAndCompletes() {
    let scheduler = millisecondScheduler()
    let observer = scheduler.start {
      Observable<Int>.timer(.milliseconds(100), scheduler: scheduler)
    }
    #expect(observer.events == [.next(300, 0), .completed(300)])
  }

  @Test func aPeriodicTimerCountsUntilDisposed() {
    let scheduler = millisecondScheduler()
    let counter = ResourceCounter()
    let observer = counter.measure {
      scheduler.start(disposed: 500) {
        Observable<Int>.timer(.milliseconds(50), period: .milliseconds(100), scheduler: scheduler)
      }
    }
    #expect(observer.events == [.next(250, 0), .next(350, 1), .next(450, 2)])
    #expect(counter.live == 0)
    #expect(scheduler.pendingCount == 0)
  }

  @Test func intervalStartsOnePeriodAfterTheSubscription() {
    let scheduler = millisecondScheduler()
    let observer = scheduler.start(disposed: 550) {
      Observable<Int64>.interval(.milliseconds(100), scheduler: scheduler)
    }
    #expect(observer.events == [.next(300, 0), .next(400, 1), .next(500, 2)])
  }

  @Test func disposingWhileATimerIsPendingCancelsIt() {
    let scheduler = millisecondScheduler()
    let counter = ResourceCounter()
    let observer = counter.measure {
      scheduler.start(disposed: 1_000) {
        Observable<Int>.timer(.seconds(1), scheduler: scheduler)
      }
    }
    #expect(observer.events.isEmpty)
    #expect(counter.live == 0)
    #expect(scheduler.clock == 1_000)
  }

  @Test func delayShiftsElementsAndCompletion() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([.next(250, 1), .next(300, 2), .completed(400)])
    let observer = scheduler.start { source.delay(.milliseconds(100), scheduler: scheduler) }
    #expect(observer.events == [.next(350, 1), .next(400, 2), .completed(500)])
    #expect(source.subscriptions == [Subscription(200, 400)])
  }

  @Test func delayForwardsAnErrorAtOnceAndDropsWhatWaits() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([
      .next(250, 1), .error(300, TestFailure.broken),
    ])
    let observer = scheduler.start { source.delay(.milliseconds(100), scheduler: scheduler) }
    #expect(observer.events == [.error(300, TestFailure.broken)])
  }

  @Test func delayKeepsElementsOfTheSameTickTogether() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([.next(250, 1), .next(250, 2), .next(260, 3)])
    let observer = scheduler.start { source.delay(.milliseconds(100), scheduler: scheduler) }
    #expect(observer.events == [.next(350, 1), .next(350, 2), .next(360, 3)])
  }

  @Test func disposingWhileDelayedElementsWaitDropsThem() {
    let scheduler = millisecondScheduler()
    let counter = ResourceCounter()
    let source = scheduler.createHotObservable([.next(250, 1)])
    let observer = counter.measure {
      scheduler.start(disposed: 300) { source.delay(.milliseconds(100), scheduler: scheduler) }
    }
    #expect(observer.events.isEmpty)
    #expect(counter.live == 0)
    #expect(scheduler.pendingCount == 0)
  }

  @Test func delaySubscriptionSubscribesLater() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createColdObservable([.next(10, "a"), .completed(20)])
    let observer = scheduler.start {
      source.asObservable().delaySubscription(.milliseconds(100), scheduler: scheduler)
    }
    #expect(observer.events == [.next(310, "a"), .completed(320)])
    #expect(source.subscriptions == [Subscription(300, 320)])
  }

  @Test func disposingBeforeADelayedSubscriptionNeverSubscribes() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createColdObservable([.next(10, "a")])
    let observer = scheduler.start(disposed: 250) {
      source.asObservable().delaySubscription(.milliseconds(100), scheduler: scheduler)
    }
    #expect(observer.events.isEmpty)
    #expect(source.subscriptions.isEmpty)
  }
}
