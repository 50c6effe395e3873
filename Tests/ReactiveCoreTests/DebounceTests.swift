import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct DebounceTests {
  @Test func debounceEmitsAfterAQuietPeriod() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([
      .next(210, 1), .next(250, 2), .next(400, 3), .completed(600),
    ])
    let observer = scheduler.start { source.debounce(.milliseconds(100), scheduler: scheduler) }
    expectEqual(observer.events, [.next(350, 2), .next(500, 3), .completed(600)])
  }

  /// The element at 310 and the end of the wait for the element at 210 fall on the same tick;
  /// the source's event was scheduled first, so it arrives first and restarts the wait.
  @Test func anElementExactlyAtTheEndOfTheWaitRestartsIt() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([.next(210, 1), .next(310, 2)])
    let observer = scheduler.start { source.debounce(.milliseconds(100), scheduler: scheduler) }
    expectEqual(observer.events, [.next(410, 2)])
  }

  @Test func debounceEmitsTheWaitingElementWhenTheSourceCompletes() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([.next(210, 1), .completed(250)])
    let observer = scheduler.start { source.debounce(.milliseconds(100), scheduler: scheduler) }
    expectEqual(observer.events, [.next(250, 1), .completed(250)])
  }

  @Test func debounceDropsTheWaitingElementWhenTheSourceFails() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([.next(210, 1), .error(250, TestFailure.broken)])
    let observer = scheduler.start { source.debounce(.milliseconds(100), scheduler: scheduler) }
    expectEqual(observer.events, [.error(250, TestFailure.broken)])
  }

  @Test func disposingDuringADebounceWaitCancelsIt() {
    let scheduler = millisecondScheduler()
    let counter = ResourceCounter()
    let source = scheduler.createHotObservable([.next(210, 1)])
    let observer = counter.measure {
      scheduler.start(disposed: 250) { source.debounce(.milliseconds(100), scheduler: scheduler) }
    }
    #expect(observer.events.isEmpty)
    expectEqual(counter.live, 0)
    expectEqual(scheduler.pendingCount, 0)
    expectEqual(source.subscriptions, [Subscription(200, 250)])
  }
}
