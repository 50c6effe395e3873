import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct TakeLastTests {
  @Test func takeLastEmitsTheLastElementsOnCompletion() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(subject.takeLast(2))
      for value in 1...5 { subject.onNext(value) }
      #expect(recorder.log.isEmpty)
      subject.onCompleted()
      expectEqual(recorder.log, ["4", "5", "completed"])
      let none = Recorder<Int>()
      none.record(Observable.of(1, 2).takeLast(0))
      expectEqual(none.log, ["completed"])
      let fewer = Recorder<Int>()
      fewer.record(Observable.of(1).takeLast(3))
      expectEqual(fewer.log, ["1", "completed"])
    }
  }

  @Test func takeLastDropsItsBufferOnErrorAndDeliversNothingAfterDisposal() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let failing = Recorder<Int>()
      failing.record(subject.takeLast(2))
      subject.onNext(1)
      subject.onError(TestError())
      expectEqual(failing.log, ["error(boom)"])

      let other = PublishSubject<Int>()
      let disposed = Recorder<Int>()
      let subscription = disposed.record(other.takeLast(1))
      other.onNext(1)
      subscription.dispose()
      other.onCompleted()
      #expect(disposed.log.isEmpty)
    }
  }

  @Test func takeLastStopsReplayingWhenTheSubscriberIsDone() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      recorder.record(Observable.range(start: 1, count: 10).takeLast(5).take(2))
      expectEqual(recorder.log, ["6", "7", "completed"])
      let subject = PublishSubject<Int>()
      var received: [Int] = []
      _ = subject.takeLast(2).subscribe(onNext: { value in
        received.append(value)
        subject.onNext(100)  // ignored: the subject already completed
      })
      subject.onNext(1)
      subject.onNext(2)
      subject.onCompleted()
      expectEqual(received, [1, 2])
    }
  }
}
