import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct TakeWithPredicateTests {
  @Test func takeWhileIsExclusiveByDefaultAndInclusiveOnRequest() {
    expectNoLeaks {
      let exclusive = Recorder<Int>()
      exclusive.record(Observable.of(1, 2, 3, 1).take(while: { $0 < 3 }))
      expectEqual(exclusive.log, ["1", "2", "completed"])
      let inclusive = Recorder<Int>()
      inclusive.record(Observable.of(1, 2, 3, 1).take(while: { $0 < 3 }, behavior: .inclusive))
      expectEqual(inclusive.log, ["1", "2", "3", "completed"])
    }
  }

  @Test func takeUntilPredicateStopsAtTheFirstMatch() {
    expectNoLeaks {
      let exclusive = Recorder<Int>()
      exclusive.record(Observable.range(start: 1, count: 1_000_000).take(until: { $0 == 3 }))
      expectEqual(exclusive.log, ["1", "2", "completed"])
      let inclusive = Recorder<Int>()
      inclusive.record(Observable.of(1, 2, 3, 4).take(until: { $0 == 3 }, behavior: .inclusive))
      expectEqual(inclusive.log, ["1", "2", "3", "completed"])
    }
  }

  @Test func takeWhileReportsAThrownErrorAndForwardsUpstreamErrors() {
    expectNoLeaks {
      let thrown = Recorder<Int>()
      thrown.record(
        Observable.of(1, 2, 3).take(while: { value in
          if value == 2 { throw TestError("predicate") }
          return true
        }))
      expectEqual(thrown.log, ["1", "error(predicate)"])
      let subject = PublishSubject<Int>()
      let upstream = Recorder<Int>()
      upstream.record(subject.take(while: { _ in true }))
      subject.onNext(1)
      subject.onError(TestError())
      expectEqual(upstream.log, ["1", "error(boom)"])
    }
  }

  @Test func takeWhileDisposedOrReenteredBehaves() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      var received: [Int] = []
      let subscription = subject.take(while: { $0 < 10 }).subscribe(onNext: { value in
        received.append(value)
        if value == 1 { subject.onNext(2) }
      })
      subject.onNext(1)
      subscription.dispose()
      subject.onNext(3)
      expectEqual(received, [1, 2])
      #expect(!subject.hasObservers)
    }
  }
}
