import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct BufferTests {
  @Test func bufferEmitsWhenFullOrWhenTheTimeSpanEnds() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([
      .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(440),
    ])
    let observer = scheduler.start {
      source.buffer(timeSpan: .milliseconds(100), count: 3, scheduler: scheduler)
    }
    let expected: [Recorded<Event<[Int]>>] = [
      .next(230, [1, 2, 3]), .next(330, [4]), .next(430, []), .next(440, []), .completed(440),
    ]
    expectEqual(observer.events, expected)
  }

  @Test func bufferDropsTheCurrentArrayOnError() {
    let scheduler = millisecondScheduler()
    let source = scheduler.createHotObservable([.next(210, 1), .error(250, TestFailure.broken)])
    let observer = scheduler.start {
      source.buffer(timeSpan: .milliseconds(100), count: 3, scheduler: scheduler)
    }
    expectEqual(observer.events, [.error(250, TestFailure.broken)])
  }

  @Test func disposingABufferStopsItsTimer() {
    let scheduler = millisecondScheduler()
    let counter = ResourceCounter()
    let source = scheduler.createHotObservable([.next(210, 1)])
    let observer = counter.measure {
      scheduler.start(disposed: 250) {
        source.buffer(timeSpan: .milliseconds(100), count: 3, scheduler: scheduler)
      }
    }
    #expect(observer.events.isEmpty)
    expectEqual(counter.live, 0)
    expectEqual(scheduler.pendingCount, 0)
  }
}
