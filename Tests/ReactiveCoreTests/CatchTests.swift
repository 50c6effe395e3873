import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct CatchTests {
  @Test func catchContinuesWithTheHandlersSequence() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let fallback = PublishSubject<Int>()
      var caught: [String] = []
      let recorder = Recorder<Int>()
      recorder.record(
        source.catch { error in
          caught.append("\(error)")
          return fallback
        })
      source.onNext(1)
      source.onError(TestError())
      #expect(!source.hasObservers && fallback.hasObservers)
      fallback.onNext(2)
      fallback.onCompleted()
      expectEqual(recorder.log, ["1", "2", "completed"])
      expectEqual(caught, ["boom"])
    }
  }

  @Test func catchPassesCompletionAndDoesNotCatchTheFallbacksError() {
    expectNoLeaks {
      let completed = Recorder<Int>()
      completed.record(Observable.of(1).catch { _ in .just(9) })
      expectEqual(completed.log, ["1", "completed"])
      let second = Recorder<Int>()
      second.record(
        Observable<Int>.error(TestError("first")).catch { _ in .error(TestError("second")) })
      expectEqual(second.log, ["error(second)"])
      let thrown = Recorder<Int>()
      thrown.record(Observable<Int>.error(TestError()).catch { _ in throw TestError("handler") })
      expectEqual(thrown.log, ["error(handler)"])
    }
  }

  @Test func catchDisposedBeforeOrAfterTheSwitch() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let fallback = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      let before = recorder.record(source.catch { _ in fallback })
      source.onNext(1)
      before.dispose()
      source.onError(TestError())
      expectEqual(recorder.log, ["1"])
      #expect(!source.hasObservers && !fallback.hasObservers)
      // The failed subject fails the next subscriber at once: it is switched to the fallback.
      let after = recorder.record(source.catch { _ in fallback })
      #expect(fallback.hasObservers)
      after.dispose()
      #expect(!fallback.hasObservers)
      expectEqual(recorder.log, ["1"])
      let other = PublishSubject<Int>()
      let switched = Recorder<Int>()
      let subscription = switched.record(other.catch { _ in fallback })
      other.onError(TestError())
      fallback.onNext(5)
      subscription.dispose()
      fallback.onNext(6)
      expectEqual(switched.log, ["5"])
      #expect(!fallback.hasObservers)
    }
  }

  @Test func catchHandlesReentrantEvents() {
    expectNoLeaks {
      let source = PublishSubject<Int>()
      let fallback = BehaviorSubject(value: 10)
      var received: [Int] = []
      let subscription = source.catch { _ in fallback }.subscribe(onNext: { value in
        received.append(value)
        if value == 1 { source.onError(TestError()) }
        if value == 10 { fallback.onNext(11) }
      })
      source.onNext(1)
      subscription.dispose()
      expectEqual(received, [1, 10, 11])
    }
  }

  @Test func catchAndReturnEndsWithTheElement() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(subject.catchAndReturn(0))
      subject.onNext(1)
      subject.onError(TestError())
      expectEqual(recorder.log, ["1", "0", "completed"])
      let fine = Recorder<Int>()
      fine.record(Observable.of(1).catchAndReturn(0))
      expectEqual(fine.log, ["1", "completed"])
    }
  }

  @Test func catchAndReturnDisposedAndReentered() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      var received: [Int] = []
      let subscription = subject.catchAndReturn(0).subscribe(onNext: { value in
        received.append(value)
        if value == 1 { subject.onError(TestError()) }
      })
      subject.onNext(1)
      subscription.dispose()
      expectEqual(received, [1, 0])
      let other = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      let second = recorder.record(other.catchAndReturn(0))
      second.dispose()
      other.onError(TestError())
      #expect(recorder.log.isEmpty)
    }
  }

  @Test func catchSequenceMovesOnAfterEachError() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      recorder.record(
        Observable.catch(sequence: [
          Observable.concat([.of(1), .error(TestError("a"))]),
          Observable.concat([.of(2), .error(TestError("b"))]),
          Observable.of(3),
          Observable.of(4),
        ]))
      expectEqual(recorder.log, ["1", "2", "3", "completed"])
      let allFail = Recorder<Int>()
      allFail.record(
        Observable.catch(sequence: [
          Observable<Int>.error(TestError("a")), .error(TestError("b")),
        ]))
      expectEqual(allFail.log, ["error(b)"])
      let empty = Recorder<Int>()
      empty.record(Observable.catch(sequence: [Observable<Int>]()))
      expectEqual(empty.log, ["completed"])
    }
  }

  @Test func catchSequenceDisposedAndReentered() {
    expectNoLeaks {
      let first = PublishSubject<Int>()
      let second = PublishSubject<Int>()
      var received: [Int] = []
      let subscription = Observable.catch(sequence: [first.asObservable(), second]).subscribe(
        onNext: { value in
          received.append(value)
          if value == 1 { first.onError(TestError()) }
          if value == 2 { second.onNext(3) }
        })
      first.onNext(1)
      second.onNext(2)
      subscription.dispose()
      second.onNext(4)
      expectEqual(received, [1, 2, 3])
      #expect(!first.hasObservers && !second.hasObservers)
    }
  }

  @Test func catchSequenceOf100000SynchronousFailuresDoesNotOverflowTheStack() {
    expectNoLeaks {
      var sources = Array(repeating: Observable<Int>.error(TestError()), count: 100_000)
      sources.append(.just(1))
      let recorder = Recorder<Int>()
      recorder.record(Observable.catch(sequence: sources))
      expectEqual(recorder.log, ["1", "completed"])
    }
  }
}
