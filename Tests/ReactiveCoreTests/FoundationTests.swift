import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct FoundationTests {
  struct Boom: Error {}

  @Test func disposingStopsDeliveryAndTheCounterReturnsToZero() {
    let counter = ResourceCounter()
    var received: [Int] = []
    counter.measure {
      let subject = PublishSubject<Int>()
      let subscription = subject.map { $0 * 2 }.filter { $0 > 2 }
        .subscribe(onNext: { received.append($0) })
      expectEqual(counter.live, 2)  // the subscription and the subject's observer
      for value in 1...3 { subject.onNext(value) }
      subscription.dispose()
      subject.onNext(4)
    }
    expectEqual(received, [4, 6])
    expectEqual(counter.live, 0)
  }

  @Test func aThrowingMapEndsTheSequenceOnceAndDisposesTheSubjectObserver() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      var events: [String] = []
      _ = subject.map { value -> Int in
        if value == 2 { throw Boom() }
        return value
      }
      .subscribe(
        onNext: { events.append("next \($0)") }, onError: { _ in events.append("error") },
        onDisposed: { events.append("disposed") })
      subject.onNext(1)
      subject.onNext(2)
      subject.onNext(3)
      expectEqual(events, ["next 1", "error", "disposed"])
      #expect(!subject.hasObservers)
    }
  }

  @Test func behaviorSubjectReplaysItsValueAndReportsItsError() throws {
    try expectNoLeaks { () throws in
      let subject = BehaviorSubject(value: 1)
      var seen: [Int] = []
      let subscription = subject.subscribe(onNext: { seen.append($0) })
      subject.onNext(2)
      #expect(try subject.value() == 2)
      subject.onError(Boom())
      #expect(throws: Boom.self) { try subject.value() }
      subscription.dispose()
      expectEqual(seen, [1, 2])
    }
  }

  @Test func rangeIsSynchronousAndComplete() {
    expectNoLeaks {
      var seen: [Int] = []
      var completed = false
      _ = Observable.range(start: 3, count: 4).scan(0, accumulator: +)
        .subscribe(onNext: { seen.append($0) }, onCompleted: { completed = true })
      expectEqual(seen, [3, 7, 12, 18])
      #expect(completed)
    }
  }
}
