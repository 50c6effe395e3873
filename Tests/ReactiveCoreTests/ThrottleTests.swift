import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct ThrottleTests {
  @Test func throttleEmitsTheFirstAndThenTheLatestOfEachWindow() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([
      .next(210, 1), .next(220, 2), .next(230, 3), .next(400, 4), .completed(500),
    ])
    let observer = scheduler.start { source.throttle(.milliseconds(100), scheduler: scheduler) }
    expectEqual(
      observer.events, [.next(210, 1), .next(310, 3), .next(410, 4), .completed(500)])
  }

  @Test func throttleWithoutLatestDropsWhatArrivesInTheWindow() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([
      .next(210, 1), .next(220, 2), .next(230, 3), .next(400, 4), .completed(500),
    ])
    let observer = scheduler.start {
      source.throttle(.milliseconds(100), latest: false, scheduler: scheduler)
    }
    expectEqual(observer.events, [.next(210, 1), .next(400, 4), .completed(500)])
  }

  @Test func anElementExactlyOneWindowLaterIsEmittedAtOnce() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([.next(210, 1), .next(310, 2)])
    let observer = scheduler.start { source.throttle(.milliseconds(100), scheduler: scheduler) }
    expectEqual(observer.events, [.next(210, 1), .next(310, 2)])
  }

  @Test func throttleCompletesAfterEmittingTheWaitingElement() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
    let observer = scheduler.start { source.throttle(.milliseconds(100), scheduler: scheduler) }
    expectEqual(observer.events, [.next(210, 1), .next(310, 2), .completed(310)])
  }

  @Test func throttleFailsAtOnceAndDropsTheWaitingElement() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([
      .next(210, 1), .next(220, 2), .error(230, TestFailure.broken),
    ])
    let observer = scheduler.start { source.throttle(.milliseconds(100), scheduler: scheduler) }
    expectEqual(observer.events, [.next(210, 1), .error(230, TestFailure.broken)])
  }

  @Test func disposingWhileAThrottledElementWaitsCancelsIt() {
    let scheduler = millisecondScheduler()
    let counter = ResourceCounter()
    let source = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
    let observer = counter.measure {
      scheduler.start(disposed: 250) { source.throttle(.milliseconds(100), scheduler: scheduler) }
    }
    expectEqual(observer.events, [.next(210, 1)])
    expectEqual(counter.live, 0)
    expectEqual(scheduler.pendingCount, 0)
  }
}
