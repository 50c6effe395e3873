import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct TakeUntilTests {
  @Test func takeUntilOtherCompletesWhenTheOtherEmits() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let other = PublishSubject<String>()
      let recorder = Recorder<Int>()
      recorder.record(source.take(until: other))
      source.onNext(1)
      other.onCompleted()  // completing without an element changes nothing
      source.onNext(2)
      let second = PublishSubject<String>()
      let stopped = Recorder<Int>()
      stopped.record(source.take(until: second))
      source.onNext(3)
      second.onNext("stop")
      source.onNext(4)
      expectEqual(recorder.log, ["1", "2", "3", "4"])
      expectEqual(stopped.log, ["3", "completed"])
      #expect(!second.hasObservers)
      source.onCompleted()
      expectEqual(recorder.log, ["1", "2", "3", "4", "completed"])
      #expect(!source.hasObservers)
    }
  }

  @Test func takeUntilOtherForwardsErrorsFromEitherSide() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let other = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(source.take(until: other))
      other.onError(TestError("other"))
      source.onNext(1)
      expectEqual(recorder.log, ["error(other)"])
      #expect(!source.hasObservers)
      let failing = Recorder<Int>()
      failing.record(Observable<Int>.error(TestError()).take(until: Observable<Int>.never()))
      expectEqual(failing.log, ["error(boom)"])
    }
  }

  @Test func takeUntilOtherDisposalAndReentrancy() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let other = PublishSubject<Int>()
      var received: [Int] = []
      let subscription = source.take(until: other).subscribe(onNext: { value in
        received.append(value)
        if value == 1 { source.onNext(2) }
        if value == 2 { other.onNext(0) }
      })
      source.onNext(1)
      source.onNext(3)
      expectEqual(received, [1, 2])
      subscription.dispose()
      #expect(!source.hasObservers && !other.hasObservers)
    }
  }

  @Test func takeUntilAnOtherThatEmitsAtOnceCompletesWithoutSubscribingTheSource() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(source.take(until: Observable.just(())))
      expectEqual(recorder.log, ["completed"])
      #expect(!source.hasObservers)
    }
  }
}
