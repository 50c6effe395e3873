import ReactiveCore
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
      #expect(recorder.log == ["5", "completed"])
      let nonEmpty = Recorder<Int>()
      nonEmpty.record(Observable.of(1).ifEmpty(switchTo: .just(9)))
      #expect(nonEmpty.log == ["1", "completed"])
      let failing = Recorder<Int>()
      failing.record(Observable<Int>.error(TestError()).ifEmpty(switchTo: .just(9)))
      #expect(failing.log == ["error(boom)"])
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
      #expect(recorder.log == ["1"])
      #expect(!other.hasObservers)
    }
  }
}
