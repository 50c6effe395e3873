import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct DelaySubscriptionTests {
  @Test func delaySubscriptionSubscribesLater() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createColdObservable([.next(10, "a"), .completed(20)])
    let observer = scheduler.start {
      source.asObservable().delaySubscription(.milliseconds(100), scheduler: scheduler)
    }
    expectEqual(observer.events, [.next(310, "a"), .completed(320)])
    expectEqual(source.subscriptions, [Subscription(300, 320)])
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
