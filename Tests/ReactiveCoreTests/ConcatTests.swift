import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct ConcatTests {
  @Test func staticConcatSubscribesEachSourceAfterThePreviousCompleted() {
    expectNoLeaks {
      let first = PublishSubject<Int>()
      let second = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(Observable.concat(first, second))
      #expect(first.hasObservers && !second.hasObservers)
      first.onNext(1)
      second.onNext(99)
      first.onCompleted()
      #expect(second.hasObservers)
      second.onNext(2)
      second.onCompleted()
      expectEqual(recorder.log, ["1", "2", "completed"])
    }
  }

  @Test func concatFormsAndEmptyInput() {
    expectNoLeaks {
      let array = Recorder<Int>()
      array.record(Observable.concat([Observable.of(1, 2), .just(3)]))
      expectEqual(array.log, ["1", "2", "3", "completed"])
      let sequence = Recorder<Int>()
      sequence.record(Observable.concat((1...3).lazy.map { Observable.just($0) }))
      expectEqual(sequence.log, ["1", "2", "3", "completed"])
      let instance = Recorder<Int>()
      instance.record(Observable.of(1).concat(Observable.of(2)))
      expectEqual(instance.log, ["1", "2", "completed"])
      let empty = Recorder<Int>()
      empty.record(Observable<Int>.concat([Observable<Int>]()))
      expectEqual(empty.log, ["completed"])
    }
  }

  @Test func concatTakesSourcesLazilyFromAnEndlessSequence() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      recorder.record(Observable.concat((1...).lazy.map { Observable.just($0) }).take(3))
      expectEqual(recorder.log, ["1", "2", "3", "completed"])
    }
  }

  @Test func concatStopsAtTheFirstError() {
    expectNoLeaks {
      let later = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(Observable.concat([.of(1), .error(TestError()), later]))
      expectEqual(recorder.log, ["1", "error(boom)"])
      #expect(!later.hasObservers)
    }
  }

  @Test func concatDisposedMidStreamDisposesTheRunningSource() {
    expectNoLeaks {
      let first = PublishSubject<Int>()
      let second = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      let subscription = recorder.record(Observable.concat(first, second))
      first.onNext(1)
      subscription.dispose()
      first.onNext(2)
      first.onCompleted()
      expectEqual(recorder.log, ["1"])
      #expect(!first.hasObservers && !second.hasObservers)
    }
  }

  @Test func concatHandlesReentrantEvents() {
    expectNoLeaks {
      let first = PublishSubject<Int>()
      let second = BehaviorSubject(value: 10)
      var received: [Int] = []
      let subscription = Observable.concat(first, second).subscribe(onNext: { value in
        received.append(value)
        if value == 1 { first.onNext(2) }
        if value == 2 { first.onCompleted() }
        if value == 10 { second.onNext(11) }
      })
      first.onNext(1)
      subscription.dispose()
      expectEqual(received, [1, 2, 10, 11])
    }
  }

  @Test func concatOf100000SynchronousSourcesDoesNotOverflowTheStack() {
    expectNoLeaks {
      let sources = Array(repeating: Observable.just(1), count: 100_000)
      var sum = 0
      var completed = false
      _ = Observable.concat(sources).subscribe(
        onNext: { sum += $0 }, onCompleted: { completed = true })
      expectEqual(sum, 100_000)
      #expect(completed)
    }
  }

  @Test func concatOfAnObservableOfObservablesQueuesInOrder() {
    expectNoLeaks {
      let outer = PublishSubject<Observable<Int>>()
      let first = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(outer.concat())
      outer.onNext(first)
      outer.onNext(.of(2, 3))
      first.onNext(1)
      outer.onCompleted()
      expectEqual(recorder.log, ["1"])
      first.onCompleted()
      expectEqual(recorder.log, ["1", "2", "3", "completed"])
    }
  }

  @Test func concatOfManySynchronousInnerSequences() {
    expectNoLeaks {
      var sum = 0
      _ = Observable.from(Array(repeating: Observable.just(2), count: 100_000)).concat()
        .subscribe(onNext: { sum += $0 })
      expectEqual(sum, 200_000)
    }
  }

  @Test func concatMapRunsInnerSequencesOneAtATime() {
    expectNoLeaks {
      let outer = PublishSubject<Int>()
      let gates = [PublishSubject<Int>(), PublishSubject<Int>()]
      let recorder = Recorder<Int>()
      recorder.record(outer.concatMap { gates[$0] })
      outer.onNext(0)
      outer.onNext(1)
      gates[1].onNext(-1)
      gates[0].onNext(1)
      gates[0].onCompleted()
      gates[1].onNext(2)
      outer.onCompleted()
      gates[1].onCompleted()
      expectEqual(recorder.log, ["1", "2", "completed"])
    }
  }

  @Test func concatMapErrorsDisposalAndReentrancy() {
    expectNoLeaks {
      let failing = Recorder<Int>()
      failing.record(Observable.of(1, 2).concatMap { _ -> Observable<Int> in throw TestError() })
      expectEqual(failing.log, ["error(boom)"])
      let outer = PublishSubject<Int>()
      let inner = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      let subscription = recorder.record(outer.concatMap { _ in inner })
      outer.onNext(1)
      subscription.dispose()
      inner.onNext(1)
      #expect(recorder.log.isEmpty)
      #expect(!inner.hasObservers && !outer.hasObservers)
      var received: [Int] = []
      let reentrant = outer.concatMap { Observable.of($0, $0) }.subscribe(onNext: { value in
        received.append(value)
        if value == 1 { outer.onNext(2) }
      })
      outer.onNext(1)
      reentrant.dispose()
      // Each 1 queues an inner sequence of two 2s, which runs after the current one.
      expectEqual(received, [1, 1, 2, 2, 2, 2])
    }
  }
}
