import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct WindowTests {
  @Test func windowOpensANewWindowWhenFullOrWhenTheTimeSpanEnds() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([
      .next(210, 1), .next(220, 2), .next(230, 3), .next(350, 4), .completed(360),
    ])
    var log: [String] = []
    let bag = DisposeBag()
    var windowCount = 0
    scheduler.scheduleAt(200) {
      source.window(timeSpan: .milliseconds(100), count: 2, scheduler: scheduler)
        .subscribe(
          onNext: { window in
            let name = "w\(windowCount)"
            windowCount += 1
            log.append("open \(name)@\(scheduler.clock)")
            window.subscribe(
              onNext: { log.append("\(name):\($0)@\(scheduler.clock)") },
              onCompleted: { log.append("\(name):completed@\(scheduler.clock)") }
            ).disposed(by: bag)
          },
          onCompleted: { log.append("outer completed@\(scheduler.clock)") }
        ).disposed(by: bag)
    }
    scheduler.start()
    expectEqual(
      log,
      [
        "open w0@200", "w0:1@210", "w0:2@220", "w0:completed@220", "open w1@220", "w1:3@230",
        "w1:completed@320", "open w2@320", "w2:4@350", "w2:completed@360", "outer completed@360",
      ])
  }

  @Test func aWindowKeepsTheSourceAliveAfterTheOuterSubscriptionEnds() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .next(290, 3)])
    var values: [String] = []
    var outer: Disposable?
    var inner: Disposable?
    scheduler.scheduleAt(200) {
      outer = source.window(timeSpan: .milliseconds(1_000), count: 10, scheduler: scheduler)
        .subscribe(onNext: { window in
          if inner == nil {
            inner = window.subscribe(onNext: { values.append("\($0)@\(scheduler.clock)") })
          }
        })
    }
    scheduler.scheduleAt(250) { outer?.dispose() }
    scheduler.scheduleAt(280) { inner?.dispose() }
    scheduler.start()
    expectEqual(values, ["1@210", "2@260"])
    expectEqual(source.subscriptions, [Subscription(200, 280)])
  }
}
