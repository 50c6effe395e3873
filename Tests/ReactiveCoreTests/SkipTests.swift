import ReactiveCore
import Testing

@Suite struct SkipTests {
  @Test func skipDropsTheFirstElements() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      recorder.record(Observable.of(1, 2, 3, 4).skip(2))
      #expect(recorder.log == ["3", "4", "completed"])
      let failing = Recorder<Int>()
      failing.record(Observable.concat([.of(1), .error(TestError())]).skip(5))
      #expect(failing.log == ["error(boom)"])
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
      #expect(received == [2, 3])
      #expect(!subject.hasObservers)
    }
  }

  @Test func skipWhileDropsUntilThePredicateFailsOnce() {
    expectNoLeaks {
      var calls = 0
      let recorder = Recorder<Int>()
      recorder.record(
        Observable.of(1, 2, 5, 1, 2).skip(while: {
          calls += 1
          return $0 < 3
        }))
      #expect(recorder.log == ["5", "1", "2", "completed"])
      #expect(calls == 3)
      let thrown = Recorder<Int>()
      thrown.record(Observable.of(1, 2).skip(while: { _ in throw TestError("predicate") }))
      #expect(thrown.log == ["error(predicate)"])
    }
  }

  @Test func skipWhileDisposedMidStream() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      let subscription = recorder.record(subject.skip(while: { $0 < 2 }))
      subject.onNext(1)
      subject.onNext(2)
      subscription.dispose()
      subject.onNext(3)
      subject.onError(TestError())
      #expect(recorder.log == ["2"])
    }
  }

  @Test func skipUntilForwardsOnceTheOtherEmitted() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let other = PublishSubject<String>()
      let recorder = Recorder<Int>()
      recorder.record(source.skip(until: other))
      source.onNext(1)
      other.onNext("go")
      #expect(!other.hasObservers)
      source.onNext(2)
      source.onCompleted()
      #expect(recorder.log == ["2", "completed"])
    }
  }

  @Test func skipUntilEndsSilentlyIfTheSourceCompletesFirst() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let other = PublishSubject<String>()
      let recorder = Recorder<Int>()
      let subscription = recorder.record(source.skip(until: other))
      source.onNext(1)
      source.onCompleted()
      #expect(recorder.log.isEmpty)
      #expect(!other.hasObservers)
      // The subscriber was told nothing, so its subscription stays until it is disposed.
      subscription.dispose()
    }
  }

  @Test func skipUntilForwardsErrorsFromEitherSide() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let other = PublishSubject<String>()
      let recorder = Recorder<Int>()
      recorder.record(source.skip(until: other))
      other.onError(TestError("other"))
      #expect(recorder.log == ["error(other)"])
      #expect(!source.hasObservers)
      let failing = Recorder<Int>()
      failing.record(Observable<Int>.error(TestError()).skip(until: Observable<Int>.never()))
      #expect(failing.log == ["error(boom)"])
    }
  }

  @Test func skipUntilDisposalAndReentrancy() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let other = BehaviorSubject(value: 0)
      var received: [Int] = []
      let subscription = source.skip(until: other).subscribe(onNext: { value in
        received.append(value)
        if value == 1 { source.onNext(2) }
      })
      source.onNext(1)
      subscription.dispose()
      source.onNext(3)
      #expect(received == [1, 2])
      #expect(!source.hasObservers && !other.hasObservers)
    }
  }
}
