import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct TimeoutAndSampleTests {
  @Test func timeoutFailsWhenTheGapBetweenElementsIsTooLong() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([.next(250, 1), .next(300, 2), .next(450, 3)])
    let observer = scheduler.start { source.timeout(.milliseconds(100), scheduler: scheduler) }
    #expect(observer.events == [.next(250, 1), .next(300, 2), .error(400, RxError.timeout)])
    #expect(source.subscriptions == [Subscription(200, 400)])
  }

  /// The source's element at 300 and the timeout armed at the subscription fall on the same
  /// tick; the element was scheduled first, so it wins and re-arms the timeout.
  @Test func anElementExactlyAtTheTimeoutWins() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([.next(300, 1)])
    let observer = scheduler.start { source.timeout(.milliseconds(100), scheduler: scheduler) }
    #expect(observer.events == [.next(300, 1), .error(400, RxError.timeout)])
  }

  @Test func timeoutSwitchesToTheOtherSequence() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([.next(250, 1), .next(400, 2)])
    let other = scheduler.createColdObservable([.next(10, 9), .completed(20)])
    let observer = scheduler.start {
      source.timeout(.milliseconds(100), other: other, scheduler: scheduler)
    }
    #expect(observer.events == [.next(250, 1), .next(360, 9), .completed(370)])
    #expect(source.subscriptions == [Subscription(200, 350)])
    #expect(other.subscriptions == [Subscription(350, 370)])
  }

  @Test func aSequenceThatEndsInTimeIsUntouched() {
    let scheduler = millisecondScheduler()
    let counter = ResourceCounter()
    let source = scheduler.createHotObservable([.next(250, 1), .completed(260)])
    let observer = counter.measure {
      scheduler.start { source.timeout(.milliseconds(100), scheduler: scheduler) }
    }
    #expect(observer.events == [.next(250, 1), .completed(260)])
    #expect(counter.live == 0)
    #expect(scheduler.pendingCount == 0)
  }

  @Test func sampleEmitsTheLatestElementAtEachTick() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([
      .next(210, 1), .next(220, 2), .next(260, 3), .completed(320),
    ])
    let sampler = scheduler.createHotObservable([
      .next(230, "tick"), .next(250, "tick"), .next(300, "tick"), .next(330, "tick"),
    ])
    let observer = scheduler.start { source.sample(sampler) }
    #expect(observer.events == [.next(230, 2), .next(300, 3), .completed(330)])
    #expect(source.subscriptions == [Subscription(200, 320)])
    #expect(sampler.subscriptions == [Subscription(200, 330)])
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
    #expect(
      observer.events == [
        .next(230, 2), .next(250, 0), .next(300, 3), .next(330, 0), .completed(330),
      ])
  }

  @Test func anErrorOfTheSamplerEndsTheSample() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([.next(210, 1)])
    let sampler = scheduler.createHotObservable(
      [.error(230, TestFailure.broken)] as [Recorded<Event<Int>>])
    let observer = scheduler.start { source.sample(sampler) }
    #expect(observer.events == [.error(230, TestFailure.broken)])
    #expect(source.subscriptions == [Subscription(200, 230)])
  }
}
