import Dispatch
import Foundation
import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct SubscribeOnTests {
  @Test func subscribeOnSubscribesAndDisposesOnTheScheduler() {
    let scheduler = TestScheduler(initialClock: 0)
    let source = scheduler.createHotObservable([.next(300, 1)])
    let observer = scheduler.start { source.asObservable().subscribe(on: scheduler) }
    expectEqual(observer.events, [.next(300, 1)])
    expectEqual(source.subscriptions, [Subscription(201, 1_001)])
  }
}
