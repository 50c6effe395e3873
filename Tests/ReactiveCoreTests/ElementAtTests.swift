import ReactiveCore
import Testing

@Suite struct ElementTests {
  @Test func elementAtEmitsThatElementThenCompletes() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(subject.element(at: 1))
      subject.onNext(10)
      subject.onNext(20)
      #expect(recorder.log == ["20", "completed"])
      #expect(!subject.hasObservers)
      let endless = Recorder<Int>()
      endless.record(Observable.repeatElement(3).element(at: 4))
      #expect(endless.log == ["3", "completed"])
    }
  }

  @Test func elementAtFailsWhenTheSequenceIsTooShort() {
    expectNoLeaks {
      let short = Recorder<Int>()
      short.record(Observable.of(1, 2).element(at: 2))
      #expect(short.events.count == 1)
      #expect(short.events.first?.error as? RxError != nil)
      let failing = Recorder<Int>()
      failing.record(Observable<Int>.error(TestError()).element(at: 0))
      #expect(failing.log == ["error(boom)"])
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
      #expect(nested == [6])
    }
  }

  @Test func singleEmitsTheOnlyElement() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      recorder.record(Observable.just(4).single())
      #expect(recorder.log == ["4", "completed"])
      let matching = Recorder<Int>()
      matching.record(Observable.of(1, 2, 3).single { $0 == 2 })
      #expect(matching.log == ["2", "completed"])
    }
  }

  @Test func singleFailsOnNoneOrMoreThanOne() {
    expectNoLeaks {
      let empty = Recorder<Int>()
      empty.record(Observable<Int>.empty().single())
      guard case .error(RxError.noElements) = empty.events.first else {
        Issue.record("expected noElements, got \(empty.log)")
        return
      }
      let subject = PublishSubject<Int>()
      let two = Recorder<Int>()
      two.record(subject.single())
      subject.onNext(1)
      subject.onNext(2)
      #expect(two.events.count == 2 && two.events.first?.element == 1)
      guard case .error(RxError.moreThanOneElement) = two.events.last else {
        Issue.record("expected moreThanOneElement, got \(two.log)")
        return
      }
      #expect(!subject.hasObservers)
      let thrown = Recorder<Int>()
      thrown.record(Observable.of(1).single { _ in throw TestError("predicate") })
      #expect(thrown.log == ["error(predicate)"])
      let upstream = Recorder<Int>()
      upstream.record(Observable<Int>.error(TestError()).single())
      #expect(upstream.log == ["error(boom)"])
    }
  }

  @Test func singleDisposedAndReentered() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      let subscription = recorder.record(subject.single())
      subject.onNext(1)
      subscription.dispose()
      subject.onNext(2)
      #expect(recorder.log == ["1"])
      var received: [String] = []
      _ = subject.single().subscribe(
        onNext: { value in
          received.append("\(value)")
          if value == 1 { subject.onNext(2) }
        }, onError: { _ in received.append("error") })
      subject.onNext(1)
      #expect(received == ["1", "error"])
    }
  }

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

  @Test func ignoreElementsKeepsOnlyTheTerminalEvent() {
    expectNoLeaks {
      let recorder = Recorder<Never>()
      recorder.record(Observable.of(1, 2, 3).ignoreElements())
      #expect(recorder.log == ["completed"])
      let failing = Recorder<Never>()
      failing.record(Observable<Int>.error(TestError()).ignoreElements())
      #expect(failing.log == ["error(boom)"])
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
