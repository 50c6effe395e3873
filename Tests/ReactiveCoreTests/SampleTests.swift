import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct SampleTests {
  @Test func sampleEmitsTheLatestElementAtEachTick() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([
      .next(210, 1), .next(220, 2), .next(260, 3), .completed(320),
    ])
    let sampler = scheduler.createHotObservable([
      .next(230, "tick"), .next(250, "tick"), .next(300, "tick"), .next(330, "tick"),
    ])
    let observer = scheduler.start { source.sample(sampler) }
    expectEqual(observer.events, [.next(230, 2), .next(300, 3), .completed(330)])
    expectEqual(source.subscriptions, [Subscription(200, 320)])
    expectEqual(sampler.subscriptions, [Subscription(200, 330)])
  }

  @Test func sampleEmitsTheDefaultValueWhenNothingNewArrived() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([
      .next(210, 1), .next(220, 2), .next(260, 3), .completed(320),
    ])
    let sampler = scheduler.createHotObservable([
      .next(230, ()), .next(250, ()), .next(300, ()), .next(330, ()),
    ])
    let observer = scheduler.start { source.sample(sampler, defaultValue: 0) }
    expectEqual(
      observer.events,
      [
        .next(230, 2), .next(250, 0), .next(300, 3), .next(330, 0), .completed(330),
      ])
  }

  @Test func anErrorOfTheSamplerEndsTheSample() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([.next(210, 1)])
    let sampler = scheduler.createHotObservable(
      [.error(230, TestFailure.broken)] as [Recorded<Event<Int>>])
    let observer = scheduler.start { source.sample(sampler) }
    expectEqual(observer.events, [.error(230, TestFailure.broken)])
    expectEqual(source.subscriptions, [Subscription(200, 230)])
  }
}
