import ReactiveCore
import ReactiveTesting
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
      expectEqual(recorder.log, ["1", "2", "3"])
      b.onCompleted()
      expectEqual(recorder.log, ["1", "2", "3", "completed"])
    }
  }

  @Test func staticMergeFormsAcceptArraysAndCollections() {
    expectNoLeaks {
      let array = Recorder<Int>()
      array.record(Observable.merge([Observable.of(1, 2), Observable.of(3)]))
      // Synchronous sources take turns on the trampoline.
      expectEqual(array.log, ["1", "3", "2", "completed"])
      let collection = Recorder<Int>()
      collection.record(Observable.merge([Observable.just(1), .just(2)].reversed()))
      expectEqual(collection.log, ["2", "1", "completed"])
      let empty = Recorder<Int>()
      empty.record(Observable<Int>.merge([Observable<Int>]()))
      expectEqual(empty.log, ["completed"])
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
      expectEqual(recorder.log, ["1", "error(boom)"])
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
      expectEqual(recorder.log, ["1"])
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
      expectEqual(received, [1, 2, 3])
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
      expectEqual(recorder.log, ["1", "2", "3", "4"])
      inner.onCompleted()
      expectEqual(recorder.log, ["1", "2", "3", "4", "completed"])
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
      expectEqual(recorder.log, ["1", "2", "3", "completed"])
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
      expectEqual(failing.log, ["1", "error(boom)"])
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
      expectEqual(sum, 100_000)
      #expect(completed)
    }
  }

  @Test func flatMapMergesEveryInnerSequence() {
    expectNoLeaks {
      let outer = PublishSubject<Int>()
      let inners = [PublishSubject<String>(), PublishSubject<String>()]
      let recorder = Recorder<String>()
      recorder.record(outer.flatMap { inners[$0] })
      outer.onNext(0)
      outer.onNext(1)
      inners[1].onNext("b")
      inners[0].onNext("a")
      outer.onCompleted()
      inners[0].onCompleted()
      expectEqual(recorder.log, ["b", "a"])
      inners[1].onCompleted()
      expectEqual(recorder.log, ["b", "a", "completed"])
    }
  }

  @Test func flatMapFailsOnErrorsFromAnySideOrTheSelector() {
    expectNoLeaks {
      let outer = PublishSubject<Int>()
      let inner = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(outer.flatMap { _ in inner })
      outer.onNext(0)
      inner.onError(TestError("inner"))
      expectEqual(recorder.log, ["error(inner)"])
      #expect(!outer.hasObservers && !inner.hasObservers)

      let selector = Recorder<Int>()
      selector.record(Observable.of(1, 2).flatMap { _ -> Observable<Int> in throw TestError() })
      expectEqual(selector.log, ["error(boom)"])

      let source = PublishSubject<Int>()
      let other = PublishSubject<Int>()
      let outerError = Recorder<Int>()
      outerError.record(source.flatMap { _ in other })
      source.onNext(1)
      source.onError(TestError("outer"))
      expectEqual(outerError.log, ["error(outer)"])
      #expect(!other.hasObservers)
    }
  }

  @Test func flatMapDisposedMidStreamDisposesEveryInner() {
    expectNoLeaks {
      let outer = PublishSubject<Int>()
      let inner = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      let subscription = recorder.record(outer.flatMap { _ in inner })
      outer.onNext(0)
      outer.onNext(1)
      inner.onNext(5)
      subscription.dispose()
      inner.onNext(6)
      expectEqual(recorder.log, ["5", "5"])
      #expect(!outer.hasObservers && !inner.hasObservers)
    }
  }

  @Test func flatMapHandlesReentrantEvents() {
    expectNoLeaks {
      let outer = PublishSubject<Int>()
      var received: [Int] = []
      let subscription = outer.flatMap { Observable.of($0, $0 * 10) }.subscribe(onNext: {
        value in
        received.append(value)
        if value == 1 { outer.onNext(2) }
      })
      outer.onNext(1)
      subscription.dispose()
      // The second inner source waits on the trampoline for the first one's step to end, then
      // the two take turns.
      expectEqual(received, [1, 2, 10, 20])
    }
  }

  @Test func flatMapStopsAnEndlessInnerWhenDone() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      recorder.record(Observable.of(1, 2).flatMap { Observable.repeatElement($0).take(2) })
      expectEqual(recorder.log, ["1", "1", "2", "2", "completed"])
      let limited = Recorder<Int>()
      limited.record(Observable.just(1).flatMap { Observable.repeatElement($0) }.take(3))
      expectEqual(limited.log, ["1", "1", "1", "completed"])
    }
  }

  @Test func flatMapFirstIgnoresElementsWhileAnInnerRuns() {
    expectNoLeaks {
      let outer = PublishSubject<Int>()
      var calls: [Int] = []
      let inner = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(
        outer.flatMapFirst { value -> Observable<Int> in
          calls.append(value)
          return inner.map { $0 + value }
        })
      outer.onNext(100)
      outer.onNext(200)
      inner.onNext(1)
      inner.onCompleted()
      outer.onNext(300)
      outer.onCompleted()
      expectEqual(calls, [100, 300])
      expectEqual(recorder.log, ["101", "completed"])
    }
  }

  @Test func flatMapFirstErrorsDisposalAndReentrancy() {
    expectNoLeaks {
      let outer = PublishSubject<Int>()
      let inner = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      let subscription = recorder.record(outer.flatMapFirst { _ in inner })
      outer.onNext(1)
      subscription.dispose()
      inner.onNext(1)
      #expect(recorder.log.isEmpty)
      #expect(!inner.hasObservers)
      let failing = Recorder<Int>()
      failing.record(Observable.of(1).flatMapFirst { _ in Observable<Int>.error(TestError()) })
      expectEqual(failing.log, ["error(boom)"])
      var received: [Int] = []
      let reentrant = outer.flatMapFirst { Observable.just($0) }.subscribe(onNext: { value in
        received.append(value)
        if value == 1 { outer.onNext(2) }
      })
      outer.onNext(1)
      reentrant.dispose()
      // The nested element arrives while the first inner is still running: it is dropped.
      expectEqual(received, [1])
    }
  }
}
