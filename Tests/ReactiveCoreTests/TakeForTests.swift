import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct TakeForTests {
  @Test func takeForADurationCompletesWhenItEnds() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([
      .next(210, 1), .next(290, 2), .next(300, 3), .next(310, 4),
    ])
    let observer = scheduler.start { source.take(for: .milliseconds(100), scheduler: scheduler) }
    expectEqual(observer.events, [.next(210, 1), .next(290, 2), .next(300, 3), .completed(300)])
    expectEqual(source.subscriptions, [Subscription(200, 300)])
  }
}
