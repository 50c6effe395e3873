import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct DelayTests {
  @Test func delayShiftsElementsAndCompletion() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([.next(250, 1), .next(300, 2), .completed(400)])
    let observer = scheduler.start { source.delay(.milliseconds(100), scheduler: scheduler) }
    expectEqual(observer.events, [.next(350, 1), .next(400, 2), .completed(500)])
    expectEqual(source.subscriptions, [Subscription(200, 400)])
  }

  @Test func delayForwardsAnErrorAtOnceAndDropsWhatWaits() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([
      .next(250, 1), .error(300, TestFailure.broken),
    ])
    let observer = scheduler.start { source.delay(.milliseconds(100), scheduler: scheduler) }
    expectEqual(observer.events, [.error(300, TestFailure.broken)])
  }

  @Test func delayKeepsElementsOfTheSameTickTogether() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([.next(250, 1), .next(250, 2), .next(260, 3)])
    let observer = scheduler.start { source.delay(.milliseconds(100), scheduler: scheduler) }
    expectEqual(observer.events, [.next(350, 1), .next(350, 2), .next(360, 3)])
  }

  @Test func disposingWhileDelayedElementsWaitDropsThem() {
    let scheduler = millisecondScheduler()
    let counter = ResourceCounter()
    let source = scheduler.createHotObservable([.next(250, 1)])
    let observer = counter.measure {
      scheduler.start(disposed: 300) { source.delay(.milliseconds(100), scheduler: scheduler) }
    }
    #expect(observer.events.isEmpty)
    expectEqual(counter.live, 0)
    expectEqual(scheduler.pendingCount, 0)
  }
}
