import ReactiveCore
import Testing

@Suite struct TakeTests {
  @Test func takeEmitsTheFirstElementsThenCompletesAndUnsubscribes() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(subject.take(2))
      subject.onNext(1)
      subject.onNext(2)
      subject.onNext(3)
      #expect(recorder.log == ["1", "2", "completed"])
      #expect(!subject.hasObservers)
    }
  }

  @Test func takeStopsAnEndlessSynchronousSource() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      recorder.record(Observable.repeatElement(7).take(3))
      #expect(recorder.log == ["7", "7", "7", "completed"])
    }
  }

  @Test func takeZeroCompletesWithoutSubscribing() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(subject.take(0))
      #expect(recorder.log == ["completed"])
      #expect(!subject.hasObservers)
    }
  }

  @Test func takeForwardsAnEarlierErrorOrCompletion() {
    expectNoLeaks {
      let failing = Recorder<Int>()
      failing.record(Observable<Int>.error(TestError()).take(3))
      #expect(failing.log == ["error(boom)"])
      let short = Recorder<Int>()
      short.record(Observable.of(1, 2).take(5))
      #expect(short.log == ["1", "2", "completed"])
    }
  }

  @Test func takeDisposedMidStreamDeliversNothingMore() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      let subscription = recorder.record(subject.take(5))
      subject.onNext(1)
      subscription.dispose()
      subject.onNext(2)
      #expect(recorder.log == ["1"])
      #expect(!subject.hasObservers)
    }
  }

  @Test func takeCountsAnElementSentFromInsideOnNext() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      var received: [String] = []
      _ = subject.take(2).subscribe(
        onNext: { value in
          received.append("\(value)")
          if value == 1 { subject.onNext(2) }
        }, onCompleted: { received.append("completed") })
      subject.onNext(1)
      subject.onNext(3)
      #expect(received == ["1", "2", "completed"])
    }
  }

  @Test func takeWhileIsExclusiveByDefaultAndInclusiveOnRequest() {
    expectNoLeaks {
      let exclusive = Recorder<Int>()
      exclusive.record(Observable.of(1, 2, 3, 1).take(while: { $0 < 3 }))
      #expect(exclusive.log == ["1", "2", "completed"])
      let inclusive = Recorder<Int>()
      inclusive.record(Observable.of(1, 2, 3, 1).take(while: { $0 < 3 }, behavior: .inclusive))
      #expect(inclusive.log == ["1", "2", "3", "completed"])
    }
  }

  @Test func takeUntilPredicateStopsAtTheFirstMatch() {
    expectNoLeaks {
      let exclusive = Recorder<Int>()
      exclusive.record(Observable.range(start: 1, count: 1_000_000).take(until: { $0 == 3 }))
      #expect(exclusive.log == ["1", "2", "completed"])
      let inclusive = Recorder<Int>()
      inclusive.record(Observable.of(1, 2, 3, 4).take(until: { $0 == 3 }, behavior: .inclusive))
      #expect(inclusive.log == ["1", "2", "3", "completed"])
    }
  }

  @Test func takeWhileReportsAThrownErrorAndForwardsUpstreamErrors() {
    expectNoLeaks {
      let thrown = Recorder<Int>()
      thrown.record(
        Observable.of(1, 2, 3).take(while: { value in
          if value == 2 { throw TestError("predicate") }
          return true
        }))
      #expect(thrown.log == ["1", "error(predicate)"])
      let subject = PublishSubject<Int>()
      let upstream = Recorder<Int>()
      upstream.record(subject.take(while: { _ in true }))
      subject.onNext(1)
      subject.onError(TestError())
      #expect(upstream.log == ["1", "error(boom)"])
    }
  }

  @Test func takeWhileDisposedOrReenteredBehaves() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      var received: [Int] = []
      let subscription = subject.take(while: { $0 < 10 }).subscribe(onNext: { value in
        received.append(value)
        if value == 1 { subject.onNext(2) }
      })
      subject.onNext(1)
      subscription.dispose()
      subject.onNext(3)
      #expect(received == [1, 2])
      #expect(!subject.hasObservers)
    }
  }

  @Test func takeUntilOtherCompletesWhenTheOtherEmits() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let other = PublishSubject<String>()
      let recorder = Recorder<Int>()
      recorder.record(source.take(until: other))
      source.onNext(1)
      other.onCompleted()  // completing without an element changes nothing
      source.onNext(2)
      let second = PublishSubject<String>()
      let stopped = Recorder<Int>()
      stopped.record(source.take(until: second))
      source.onNext(3)
      second.onNext("stop")
      source.onNext(4)
      #expect(recorder.log == ["1", "2", "3", "4"])
      #expect(stopped.log == ["3", "completed"])
      #expect(!second.hasObservers)
      source.onCompleted()
      #expect(recorder.log == ["1", "2", "3", "4", "completed"])
      #expect(!source.hasObservers)
    }
  }

  @Test func takeUntilOtherForwardsErrorsFromEitherSide() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let other = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(source.take(until: other))
      other.onError(TestError("other"))
      source.onNext(1)
      #expect(recorder.log == ["error(other)"])
      #expect(!source.hasObservers)
      let failing = Recorder<Int>()
      failing.record(Observable<Int>.error(TestError()).take(until: Observable<Int>.never()))
      #expect(failing.log == ["error(boom)"])
    }
  }

  @Test func takeUntilOtherDisposalAndReentrancy() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let other = PublishSubject<Int>()
      var received: [Int] = []
      let subscription = source.take(until: other).subscribe(onNext: { value in
        received.append(value)
        if value == 1 { source.onNext(2) }
        if value == 2 { other.onNext(0) }
      })
      source.onNext(1)
      source.onNext(3)
      #expect(received == [1, 2])
      subscription.dispose()
      #expect(!source.hasObservers && !other.hasObservers)
    }
  }

  @Test func takeUntilAnOtherThatEmitsAtOnceCompletesWithoutSubscribingTheSource() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(source.take(until: Observable.just(())))
      #expect(recorder.log == ["completed"])
      #expect(!source.hasObservers)
    }
  }

  @Test func takeLastEmitsTheLastElementsOnCompletion() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(subject.takeLast(2))
      for value in 1...5 { subject.onNext(value) }
      #expect(recorder.log.isEmpty)
      subject.onCompleted()
      #expect(recorder.log == ["4", "5", "completed"])
      let none = Recorder<Int>()
      none.record(Observable.of(1, 2).takeLast(0))
      #expect(none.log == ["completed"])
      let fewer = Recorder<Int>()
      fewer.record(Observable.of(1).takeLast(3))
      #expect(fewer.log == ["1", "completed"])
    }
  }

  @Test func takeLastDropsItsBufferOnErrorAndDeliversNothingAfterDisposal() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let failing = Recorder<Int>()
      failing.record(subject.takeLast(2))
      subject.onNext(1)
      subject.onError(TestError())
      #expect(failing.log == ["error(boom)"])

      let other = PublishSubject<Int>()
      let disposed = Recorder<Int>()
      let subscription = disposed.record(other.takeLast(1))
      other.onNext(1)
      subscription.dispose()
      other.onCompleted()
      #expect(disposed.log.isEmpty)
    }
  }

  @Test func takeLastStopsReplayingWhenTheSubscriberIsDone() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      recorder.record(Observable.range(start: 1, count: 10).takeLast(5).take(2))
      #expect(recorder.log == ["6", "7", "completed"])
      let subject = PublishSubject<Int>()
      var received: [Int] = []
      _ = subject.takeLast(2).subscribe(onNext: { value in
        received.append(value)
        subject.onNext(100)  // ignored: the subject already completed
      })
      subject.onNext(1)
      subject.onNext(2)
      subject.onCompleted()
      #expect(received == [1, 2])
    }
  }
}
