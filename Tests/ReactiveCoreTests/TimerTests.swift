import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct TimerTests {
  @Test func aOneShotTimerEmitsZeroAndCompletes() {
    let scheduler = millisecondScheduler()
    let observer = scheduler.start {
      Observable<Int>.timer(.milliseconds(100), scheduler: scheduler)
    }
    expectEqual(observer.events, [.next(300, 0), .completed(300)])
  }

  @Test func aPeriodicTimerCountsUntilDisposed() {
    let scheduler = millisecondScheduler()
    let counter = ResourceCounter()
    let observer = counter.measure {
      scheduler.start(disposed: 500) {
        Observable<Int>.timer(.milliseconds(50), period: .milliseconds(100), scheduler: scheduler)
      }
    }
    expectEqual(observer.events, [.next(250, 0), .next(350, 1), .next(450, 2)])
    expectEqual(counter.live, 0)
    expectEqual(scheduler.pendingCount, 0)
  }

  @Test func intervalStartsOnePeriodAfterTheSubscription() {
    let scheduler = millisecondScheduler()
    let observer = scheduler.start(disposed: 550) {
      Observable<Int64>.interval(.milliseconds(100), scheduler: scheduler)
    }
    expectEqual(observer.events, [.next(300, 0), .next(400, 1), .next(500, 2)])
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
    expectEqual(counter.live, 0)
    expectEqual(scheduler.clock, 1_000)
  }
}
