import ReactiveCore
import Testing

@Suite struct FirstTests {
  @Test func firstEmitsTheFirstElementOrNil() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int?>()
      recorder.record(subject.first())
      subject.onNext(8)
      subject.onNext(9)
      #expect(recorder.log == ["Optional(8)", "completed"])
      #expect(!subject.hasObservers)
      let empty = Recorder<Int?>()
      empty.record(Observable<Int>.empty().first())
      #expect(empty.log == ["nil", "completed"])
      let failing = Recorder<Int?>()
      failing.record(Observable<Int>.error(TestError()).first())
      #expect(failing.log == ["error(boom)"])
      let endless = Recorder<Int?>()
      endless.record(Observable.repeatElement(1).first())
      #expect(endless.log == ["Optional(1)", "completed"])
    }
  }

  @Test func firstDisposedAndReentered() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int?>()
      let subscription = recorder.record(subject.first())
      subscription.dispose()
      subject.onNext(1)
      #expect(recorder.log.isEmpty)
      var received: [Int?] = []
      _ = subject.first().subscribe(onNext: { value in
        received.append(value)
        subject.onNext(2)
      })
      subject.onNext(1)
      #expect(received == [1])
    }
  }
}
