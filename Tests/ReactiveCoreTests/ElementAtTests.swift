import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct ElementAtTests {
  @Test func elementAtEmitsThatElementThenCompletes() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(subject.element(at: 1))
      subject.onNext(10)
      subject.onNext(20)
      expectEqual(recorder.log, ["20", "completed"])
      #expect(!subject.hasObservers)
      let endless = Recorder<Int>()
      endless.record(Observable.repeatElement(3).element(at: 4))
      expectEqual(endless.log, ["3", "completed"])
    }
  }

  @Test func elementAtFailsWhenTheSequenceIsTooShort() {
    expectNoLeaks {
      let short = Recorder<Int>()
      short.record(Observable.of(1, 2).element(at: 2))
      expectEqual(short.events.count, 1)
      #expect(short.events.first?.error as? RxError != nil)
      let failing = Recorder<Int>()
      failing.record(Observable<Int>.error(TestError()).element(at: 0))
      expectEqual(failing.log, ["error(boom)"])
    }
  }

  @Test func elementAtDisposedAndReentered() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      var received: [Int] = []
      let subscription = subject.element(at: 1).subscribe(onNext: { received.append($0) })
      subject.onNext(1)
      subscription.dispose()
      subject.onNext(2)
      #expect(received.isEmpty)
      var nested: [Int] = []
      _ = subject.element(at: 1).subscribe(onNext: { value in
        nested.append(value)
        subject.onNext(99)
      })
      subject.onNext(5)
      subject.onNext(6)
      expectEqual(nested, [6])
    }
  }
}
