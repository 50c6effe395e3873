import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct RepeatElementTests {
  @Test func repeatElementRepeatsUntilTheSubscriberIsDone() {
    expectNoLeaks {
      let recorder = Recorder<String>()
      recorder.record(Observable.repeatElement("a").take(3))
      expectEqual(recorder.log, ["a", "a", "a", "completed"])
      var count = 0
      let subject = PublishSubject<Int>()
      let subscription = Observable.repeatElement(1).take(until: subject).subscribe(onNext: { _ in
        count += 1
        if count == 5 { subject.onNext(0) }
      })
      subscription.dispose()
      expectEqual(count, 5)
    }
  }
}
