import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct SingleAsyncTests {
  @Test func singleEmitsTheOnlyElement() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      recorder.record(Observable.just(4).single())
      expectEqual(recorder.log, ["4", "completed"])
      let matching = Recorder<Int>()
      matching.record(Observable.of(1, 2, 3).single { $0 == 2 })
      expectEqual(matching.log, ["2", "completed"])
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
      expectEqual(thrown.log, ["error(predicate)"])
      let upstream = Recorder<Int>()
      upstream.record(Observable<Int>.error(TestError()).single())
      expectEqual(upstream.log, ["error(boom)"])
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
      expectEqual(recorder.log, ["1"])
      var received: [String] = []
      _ = subject.single().subscribe(
        onNext: { value in
          received.append("\(value)")
          if value == 1 { subject.onNext(2) }
        }, onError: { _ in received.append("error") })
      subject.onNext(1)
      expectEqual(received, ["1", "error"])
    }
  }
}
