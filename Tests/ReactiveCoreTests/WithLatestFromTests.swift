import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct WithLatestFromTests {
  @Test func combinesEachElementWithTheLatestOfTheOther() {
    expectNoLeaks {
      let first = PublishSubject<Int>()
      let second = PublishSubject<String>()
      let recorder = Recorder<String>()
      recorder.record(first.withLatestFrom(second) { "\($0)\($1)" })
      first.onNext(1)
      second.onNext("a")
      second.onNext("b")
      first.onNext(2)
      second.onCompleted()
      first.onNext(3)
      expectEqual(recorder.log, ["2b", "3b"])
      first.onCompleted()
      expectEqual(recorder.log, ["2b", "3b", "completed"])
      let latest = Recorder<String>()
      latest.record(Observable.of(1, 2).withLatestFrom(Observable.just("x")))
      expectEqual(latest.log, ["x", "x", "completed"])
    }
  }

  @Test func failsOnErrorsFromEitherSideOrTheSelector() {
    expectNoLeaks {
      let first = PublishSubject<Int>()
      let second = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(first.withLatestFrom(second))
      second.onError(TestError("second"))
      expectEqual(recorder.log, ["error(second)"])
      #expect(!first.hasObservers)
      let firstError = Recorder<Int>()
      firstError.record(Observable<Int>.error(TestError()).withLatestFrom(Observable.just(1)))
      expectEqual(firstError.log, ["error(boom)"])
      let selector = Recorder<Int>()
      selector.record(
        Observable.just(1).withLatestFrom(Observable.just(2)) { _, _ -> Int in
          throw TestError("selector")
        })
      expectEqual(selector.log, ["error(selector)"])
    }
  }

  @Test func disposedMidStreamAndReentered() {
    expectNoLeaks {
      let first = PublishSubject<Int>()
      let second = BehaviorSubject(value: 10)
      var received: [Int] = []
      let subscription = first.withLatestFrom(second) { $0 + $1 }.subscribe(onNext: { value in
        received.append(value)
        if value == 11 {
          second.onNext(20)
          first.onNext(2)
        }
      })
      first.onNext(1)
      subscription.dispose()
      first.onNext(3)
      expectEqual(received, [11, 22])
      #expect(!first.hasObservers && !second.hasObservers)
    }
  }
}
