import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct SwitchIfEmptyTests {
  @Test func switchToRunsTheOtherSequenceForAnEmptySequence() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let other = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(subject.ifEmpty(switchTo: other))
      subject.onCompleted()
      #expect(other.hasObservers)
      other.onNext(5)
      other.onCompleted()
      expectEqual(recorder.log, ["5", "completed"])
      let nonEmpty = Recorder<Int>()
      nonEmpty.record(Observable.of(1).ifEmpty(switchTo: .just(9)))
      expectEqual(nonEmpty.log, ["1", "completed"])
      let failing = Recorder<Int>()
      failing.record(Observable<Int>.error(TestError()).ifEmpty(switchTo: .just(9)))
      expectEqual(failing.log, ["error(boom)"])
    }
  }

  @Test func disposingStopsTheOtherSequence() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let other = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      let subscription = recorder.record(subject.ifEmpty(switchTo: other))
      subject.onCompleted()
      other.onNext(1)
      subscription.dispose()
      other.onNext(2)
      expectEqual(recorder.log, ["1"])
      #expect(!other.hasObservers)
    }
  }
}
