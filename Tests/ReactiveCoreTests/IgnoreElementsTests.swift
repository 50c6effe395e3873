import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct IgnoreElementsTests {
  @Test func ignoreElementsKeepsOnlyTheTerminalEvent() {
    expectNoLeaks {
      let recorder = Recorder<Never>()
      recorder.record(Observable.of(1, 2, 3).ignoreElements())
      expectEqual(recorder.log, ["completed"])
      let failing = Recorder<Never>()
      failing.record(Observable<Int>.error(TestError()).ignoreElements())
      expectEqual(failing.log, ["error(boom)"])
      let subject = PublishSubject<Int>()
      let disposed = Recorder<Never>()
      let subscription = disposed.record(subject.ignoreElements())
      subject.onNext(1)
      subscription.dispose()
      subject.onCompleted()
      #expect(disposed.log.isEmpty)
    }
  }
}
