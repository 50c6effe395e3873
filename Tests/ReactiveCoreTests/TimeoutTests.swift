import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct TimeoutTests {
  @Test func timeoutFailsWhenTheGapBetweenElementsIsTooLong() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([.next(250, 1), .next(300, 2), .next(450, 3)])
    let observer = scheduler.start { source.timeout(.milliseconds(100), scheduler: scheduler) }
    expectEqual(observer.events, [.next(250, 1), .next(300, 2), .error(400, RxError.timeout)])
    expectEqual(source.subscriptions, [Subscription(200, 400)])
  }

  /// The source's element at 300 and the timeout armed at the subscription fall on the same
  /// tick; the element was scheduled first, so it wins and re-arms the timeout.
  @Test func anElementExactlyAtTheTimeoutWins() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([.next(300, 1)])
    let observer = scheduler.start { source.timeout(.milliseconds(100), scheduler: scheduler) }
    expectEqual(observer.events, [.next(300, 1), .error(400, RxError.timeout)])
  }

  @Test func timeoutSwitchesToTheOtherSequence() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([.next(250, 1), .next(400, 2)])
    let other = scheduler.createColdObservable([.next(10, 9), .completed(20)])
    let observer = scheduler.start {
      source.timeout(.milliseconds(100), other: other, scheduler: scheduler)
    }
    expectEqual(observer.events, [.next(250, 1), .next(360, 9), .completed(370)])
    expectEqual(source.subscriptions, [Subscription(200, 350)])
    expectEqual(other.subscriptions, [Subscription(350, 370)])
  }

  @Test func aSequenceThatEndsInTimeIsUntouched() {
    let scheduler = millisecondScheduler()
    let counter = ResourceCounter()
    let source = scheduler.createHotObservable([.next(250, 1), .completed(260)])
    let observer = counter.measure {
      scheduler.start { source.timeout(.milliseconds(100), scheduler: scheduler) }
    }
    expectEqual(observer.events, [.next(250, 1), .completed(260)])
    expectEqual(counter.live, 0)
    expectEqual(scheduler.pendingCount, 0)
  }
}
