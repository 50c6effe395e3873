import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct SkipWhileTests {
  @Test func skipWhileDropsUntilThePredicateFailsOnce() {
    expectNoLeaks {
      var calls = 0
      let recorder = Recorder<Int>()
      recorder.record(
        Observable.of(1, 2, 5, 1, 2).skip(while: {
          calls += 1
          return $0 < 3
        }))
      expectEqual(recorder.log, ["5", "1", "2", "completed"])
      expectEqual(calls, 3)
      let thrown = Recorder<Int>()
      thrown.record(Observable.of(1, 2).skip(while: { _ in throw TestError("predicate") }))
      expectEqual(thrown.log, ["error(predicate)"])
    }
  }

  @Test func skipWhileDisposedMidStream() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      let subscription = recorder.record(subject.skip(while: { $0 < 2 }))
      subject.onNext(1)
      subject.onNext(2)
      subscription.dispose()
      subject.onNext(3)
      subject.onError(TestError())
      expectEqual(recorder.log, ["2"])
    }
  }
}
