import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct MillisecondSchedulerTests {
  @Test func aTickIsOneMillisecond() {
    let scheduler = TestScheduler.milliseconds()
    let observer = scheduler.start(created: 0, subscribed: 0, disposed: 1_000) {
      Observable<Int>.timer(.milliseconds(250), scheduler: scheduler)
    }
    expectEqual(observer.events, [.next(250, 0), .completed(250)])
  }

  @Test func itAddsNoProcessingDelay() {
    // Work scheduled for "now" from inside other work runs at the same tick, not one later.
    let scheduler = TestScheduler.milliseconds()
    var fired: [TestTime] = []
    _ = scheduler.scheduleRelative((), dueTime: .milliseconds(10)) { _ in
      fired.append(scheduler.clock)
      return scheduler.scheduleRelative((), dueTime: .milliseconds(0)) { _ in
        fired.append(scheduler.clock)
        return Disposables.create()
      }
    }
    scheduler.start()
    expectEqual(fired, [10, 10])
  }

  @Test func theClockStartsWhereItIsTold() {
    expectEqual(TestScheduler.milliseconds(initialClock: 500).clock, 500)
  }
}
