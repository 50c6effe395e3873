import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct StartWithTests {
  @Test func startWithEmitsThePrefixFirst() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(subject.startWith(1, 2))
      expectEqual(recorder.log, ["1", "2"])
      subject.onNext(3)
      subject.onCompleted()
      expectEqual(recorder.log, ["1", "2", "3", "completed"])
      let failing = Recorder<Int>()
      failing.record(Observable<Int>.error(TestError()).startWith(0))
      expectEqual(failing.log, ["0", "error(boom)"])
    }
  }

  @Test func startWithStopsEarlyWhenTheSubscriberIsDone() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(subject.startWith(1, 2, 3).take(2))
      expectEqual(recorder.log, ["1", "2", "completed"])
      #expect(!subject.hasObservers)
    }
  }

  @Test func startWithDisposedAndReentered() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      var received: [Int] = []
      let subscription = subject.startWith(0).subscribe(onNext: { value in
        received.append(value)
        if value == 1 { subject.onNext(2) }
      })
      subject.onNext(1)
      subscription.dispose()
      subject.onNext(3)
      expectEqual(received, [0, 1, 2])
    }
  }
}
