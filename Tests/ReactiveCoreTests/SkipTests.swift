import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct SkipTests {
  @Test func skipDropsTheFirstElements() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      recorder.record(Observable.of(1, 2, 3, 4).skip(2))
      expectEqual(recorder.log, ["3", "4", "completed"])
      let failing = Recorder<Int>()
      failing.record(Observable.concat([.of(1), .error(TestError())]).skip(5))
      expectEqual(failing.log, ["error(boom)"])
    }
  }

  @Test func skipDisposedMidStreamAndReentered() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      var received: [Int] = []
      let subscription = subject.skip(1).subscribe(onNext: { value in
        received.append(value)
        if value == 2 { subject.onNext(3) }
      })
      subject.onNext(1)
      subject.onNext(2)
      subscription.dispose()
      subject.onNext(4)
      expectEqual(received, [2, 3])
      #expect(!subject.hasObservers)
    }
  }
}
