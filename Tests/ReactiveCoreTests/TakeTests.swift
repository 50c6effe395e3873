import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct TakeTests {
  @Test func takeEmitsTheFirstElementsThenCompletesAndUnsubscribes() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(subject.take(2))
      subject.onNext(1)
      subject.onNext(2)
      subject.onNext(3)
      expectEqual(recorder.log, ["1", "2", "completed"])
      #expect(!subject.hasObservers)
    }
  }

  @Test func takeStopsAnEndlessSynchronousSource() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      recorder.record(Observable.repeatElement(7).take(3))
      expectEqual(recorder.log, ["7", "7", "7", "completed"])
    }
  }

  @Test func takeZeroCompletesWithoutSubscribing() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(subject.take(0))
      expectEqual(recorder.log, ["completed"])
      #expect(!subject.hasObservers)
    }
  }

  @Test func takeForwardsAnEarlierErrorOrCompletion() {
    expectNoLeaks {
      let failing = Recorder<Int>()
      failing.record(Observable<Int>.error(TestError()).take(3))
      expectEqual(failing.log, ["error(boom)"])
      let short = Recorder<Int>()
      short.record(Observable.of(1, 2).take(5))
      expectEqual(short.log, ["1", "2", "completed"])
    }
  }

  @Test func takeDisposedMidStreamDeliversNothingMore() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      let subscription = recorder.record(subject.take(5))
      subject.onNext(1)
      subscription.dispose()
      subject.onNext(2)
      expectEqual(recorder.log, ["1"])
      #expect(!subject.hasObservers)
    }
  }

  @Test func takeCountsAnElementSentFromInsideOnNext() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      var received: [String] = []
      _ = subject.take(2).subscribe(
        onNext: { value in
          received.append("\(value)")
          if value == 1 { subject.onNext(2) }
        }, onCompleted: { received.append("completed") })
      subject.onNext(1)
      subject.onNext(3)
      expectEqual(received, ["1", "2", "completed"])
    }
  }
}
