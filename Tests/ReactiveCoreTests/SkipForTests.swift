import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct SkipForTests {
  @Test func skipForADurationDropsTheEarlyElementsOnly() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([
      .next(210, 1), .next(300, 2), .next(310, 3), .completed(400),
    ])
    let observer = scheduler.start { source.skip(.milliseconds(100), scheduler: scheduler) }
    expectEqual(observer.events, [.next(310, 3), .completed(400)])
  }

  @Test func skipForADurationForwardsAnEarlyError() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([.next(210, 1), .error(220, TestFailure.broken)])
    let observer = scheduler.start { source.skip(.milliseconds(100), scheduler: scheduler) }
    expectEqual(observer.events, [.error(220, TestFailure.broken)])
  }
}
