import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct AmbTests {
  @Test func mirrorsTheFirstSourceToEmitAndDropsTheOthers() {
    expectNoLeaks {
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      let c = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(Observable.amb([a, b, c]))
      b.onNext(2)
      #expect(!a.hasObservers && !c.hasObservers)
      a.onNext(1)
      b.onNext(3)
      b.onCompleted()
      expectEqual(recorder.log, ["2", "3", "completed"])
      let pair = Recorder<Int>()
      pair.record(Observable<Int>.never().amb(Observable.of(5)))
      expectEqual(pair.log, ["5", "completed"])
    }
  }

  @Test func aTerminalEventCanWinAndErrorsAreForwarded() {
    expectNoLeaks {
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(a.amb(b))
      a.onError(TestError())
      b.onNext(1)
      expectEqual(recorder.log, ["error(boom)"])
      #expect(!b.hasObservers)
    }
  }

  @Test func disposedMidStreamAndReentered() {
    expectNoLeaks {
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      var received: [Int] = []
      let subscription = a.amb(b).subscribe(onNext: { value in
        received.append(value)
        if value == 1 {
          a.onNext(2)
          b.onNext(99)
        }
      })
      a.onNext(1)
      subscription.dispose()
      a.onNext(3)
      expectEqual(received, [1, 2])
      #expect(!a.hasObservers && !b.hasObservers)
    }
  }
}
