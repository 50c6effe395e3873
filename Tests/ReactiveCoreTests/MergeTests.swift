import ReactiveCore
import Testing

@Suite struct MergeTests {
  @Test func staticMergeInterleavesAndCompletesWhenAllComplete() {
    expectNoLeaks {
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(Observable.merge(a, b))
      a.onNext(1)
      b.onNext(2)
      a.onCompleted()
      b.onNext(3)
      #expect(recorder.log == ["1", "2", "3"])
      b.onCompleted()
      #expect(recorder.log == ["1", "2", "3", "completed"])
    }
  }

  @Test func staticMergeFormsAcceptArraysAndCollections() {
    expectNoLeaks {
      let array = Recorder<Int>()
      array.record(Observable.merge([Observable.of(1, 2), Observable.of(3)]))
      // Synchronous sources take turns on the trampoline.
      #expect(array.log == ["1", "3", "2", "completed"])
      let collection = Recorder<Int>()
      collection.record(Observable.merge([Observable.just(1), .just(2)].reversed()))
      #expect(collection.log == ["2", "1", "completed"])
      let empty = Recorder<Int>()
      empty.record(Observable<Int>.merge([Observable<Int>]()))
      #expect(empty.log == ["completed"])
    }
  }

  @Test func mergeFailsWithTheFirstErrorAndDisposesTheRest() {
    expectNoLeaks {
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(Observable.merge(a, b))
      a.onNext(1)
      b.onError(TestError())
      a.onNext(2)
      #expect(recorder.log == ["1", "error(boom)"])
      #expect(!a.hasObservers && !b.hasObservers)
    }
  }

  @Test func mergeDisposedMidStreamDisposesEverySource() {
    expectNoLeaks {
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      let subscription = recorder.record(Observable.merge(a, b))
      a.onNext(1)
      subscription.dispose()
      b.onNext(2)
      #expect(recorder.log == ["1"])
      #expect(!a.hasObservers && !b.hasObservers)
    }
  }

  @Test func mergeDeliversEventsSentFromInsideOnNext() {
    expectNoLeaks {
      let a = PublishSubject<Int>()
      let b = PublishSubject<Int>()
      var received: [Int] = []
      _ = Observable.merge(a, b).subscribe(onNext: { value in
        received.append(value)
        if value == 1 { b.onNext(2) }
        if value == 2 { a.onNext(3) }
      })
      a.onNext(1)
      a.onCompleted()
      b.onCompleted()
      #expect(received == [1, 2, 3])
    }
  }

  @Test func instanceMergeFlattensInnerSequences() {
    expectNoLeaks {
      let outer = PublishSubject<Observable<Int>>()
      let inner = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(outer.merge())
      outer.onNext(.of(1, 2))
      outer.onNext(inner)
      inner.onNext(3)
      outer.onCompleted()
      inner.onNext(4)
      #expect(recorder.log == ["1", "2", "3", "4"])
      inner.onCompleted()
      #expect(recorder.log == ["1", "2", "3", "4", "completed"])
    }
  }

  @Test func mergeMaxConcurrentQueuesTheRestInOrder() {
    expectNoLeaks {
      let outer = PublishSubject<Observable<Int>>()
      let first = PublishSubject<Int>()
      let second = PublishSubject<Int>()
      let third = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(outer.merge(maxConcurrent: 2))
      outer.onNext(first)
      outer.onNext(second)
      outer.onNext(third)
      #expect(first.hasObservers && second.hasObservers && !third.hasObservers)
      first.onNext(1)
      second.onNext(2)
      first.onCompleted()
      #expect(third.hasObservers)
      third.onNext(3)
      outer.onCompleted()
      second.onCompleted()
      third.onCompleted()
      #expect(recorder.log == ["1", "2", "3", "completed"])
    }
  }

  @Test func mergeMaxConcurrentDisposedAndFailed() {
    expectNoLeaks {
      let outer = PublishSubject<Observable<Int>>()
      let first = PublishSubject<Int>()
      let queued = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      let subscription = recorder.record(outer.merge(maxConcurrent: 1))
      outer.onNext(first)
      outer.onNext(queued)
      subscription.dispose()
      first.onCompleted()
      #expect(!queued.hasObservers && !first.hasObservers && !outer.hasObservers)
      let failing = Recorder<Int>()
      failing.record(
        Observable.of(Observable.of(1), Observable<Int>.error(TestError()), .of(2)).merge(
          maxConcurrent: 1))
      #expect(failing.log == ["1", "error(boom)"])
    }
  }

  @Test func mergeMaxConcurrentRunsALongQueueOfSynchronousSourcesWithoutDeepRecursion() {
    expectNoLeaks {
      let outer = PublishSubject<Observable<Int>>()
      let gate = PublishSubject<Int>()
      var sum = 0
      var completed = false
      _ = outer.merge(maxConcurrent: 1).subscribe(
        onNext: { sum += $0 }, onCompleted: { completed = true })
      outer.onNext(gate)
      for _ in 0..<100_000 { outer.onNext(.just(1)) }
      outer.onCompleted()
      gate.onCompleted()
      #expect(sum == 100_000)
      #expect(completed)
    }
  }
}
