import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct MapTests {
  @Test func mapTransformsEachElement() {
    expectNoLeaks {
      let map = Recorder<Int>()
      map.record(Observable.of(1, 2, 3, 4).map { $0 * 10 })
      expectEqual(map.log, ["10", "20", "30", "40", "completed"])
    }
  }

  @Test func aThrownErrorEndsTheSequenceAndUpstreamErrorsPass() {
    expectNoLeaks {
      let map = Recorder<Int>()
      map.record(Observable.of(1, 2, 3).map(failOnTwo))
      expectEqual(map.log, ["1", "error(boom)"])
      let upstream = Recorder<Int>()
      upstream.record(
        Observable<Int>.error(TestError("up")).map { $0 }.filter { _ in true }.scan(
          0, accumulator: +))
      expectEqual(upstream.log, ["error(up)"])
    }
  }

  @Test func disposedMidStreamAndReentered() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      var received: [Int] = []
      let subscription = subject.map { $0 * 2 }.filter { $0 > 0 }.scan(0, accumulator: +)
        .subscribe(onNext: { value in
          received.append(value)
          if value == 2 { subject.onNext(2) }
        })
      subject.onNext(1)
      subscription.dispose()
      subject.onNext(3)
      expectEqual(received, [2, 6])
      #expect(!subject.hasObservers)
    }
  }
}

/// Returns its argument, except for 2, for which it throws.
func failOnTwo(_ value: Int) throws -> Int {
  if value == 2 { throw TestError() }
  return value
}
