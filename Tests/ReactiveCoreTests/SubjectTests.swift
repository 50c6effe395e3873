import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct SubjectTests {
  @Test func publishSubjectDeliversOnlyLaterEventsAndReplaysItsEnd() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      #expect(!subject.hasObservers)
      subject.onNext(0)
      let early = Recorder<Int>()
      let subscription = early.record(subject)
      #expect(subject.hasObservers)
      subject.onNext(1)
      let late = Recorder<Int>()
      late.record(subject)
      subject.onNext(2)
      subject.onCompleted()
      subject.onNext(3)
      expectEqual(early.log, ["1", "2", "completed"])
      expectEqual(late.log, ["2", "completed"])
      #expect(!subject.hasObservers)
      let afterEnd = Recorder<Int>()
      afterEnd.record(subject)
      expectEqual(afterEnd.log, ["completed"])
      subscription.dispose()
    }
  }

  @Test func publishSubjectDisposedRejectsSubscribers() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let observer = Recorder<Int>()
      let subscription = observer.record(subject)
      subject.dispose()
      #expect(subject.isDisposed && !subject.hasObservers)
      subject.onNext(1)
      let late = Recorder<Int>()
      late.record(subject)
      #expect(observer.log.isEmpty)
      // Disposing a subject tells its observers nothing: their subscriptions stay until
      // disposed.
      subscription.dispose()
      guard case .error(RxError.disposed) = late.events.first else {
        Issue.record("expected RxError.disposed, got \(late.log)")
        return
      }
    }
  }

  @Test func publishSubjectDeliversNestedEventsBeforeContinuing() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      var log: [String] = []
      let first = subject.subscribe(onNext: { value in
        log.append("a\(value)")
        if value == 1 { subject.onNext(2) }
      })
      let second = subject.subscribe(onNext: { log.append("b\($0)") })
      subject.onNext(1)
      first.dispose()
      second.dispose()
      expectEqual(log, ["a1", "a2", "b2", "b1"])
    }
  }

  @Test func anObserverDisposedDuringDeliveryReceivesNothingMore() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      var second: Disposable?
      var log: [String] = []
      let first = subject.subscribe(onNext: { value in
        log.append("a\(value)")
        second?.dispose()
      })
      second = subject.subscribe(onNext: { log.append("b\($0)") })
      subject.onNext(1)
      subject.onNext(2)
      first.dispose()
      expectEqual(log, ["a1", "a2"])
    }
  }

  @Test func behaviorSubjectHoldsAndReplaysItsValue() throws {
    try expectNoLeaks { () throws in
      let subject = BehaviorSubject(value: 1)
      #expect(try subject.value() == 1)
      let first = Recorder<Int>()
      let subscription = first.record(subject)
      subject.onNext(2)
      let late = Recorder<Int>()
      let lateSubscription = late.record(subject)
      expectEqual(first.log, ["1", "2"])
      expectEqual(late.log, ["2"])
      #expect(try subject.value() == 2)
      #expect(subject.hasObservers)
      subscription.dispose()
      lateSubscription.dispose()
      #expect(!subject.hasObservers)
      subject.onCompleted()
      #expect(try subject.value() == 2)
      let afterEnd = Recorder<Int>()
      afterEnd.record(subject)
      expectEqual(afterEnd.log, ["completed"])
    }
  }

  @Test func behaviorSubjectValueThrowsAfterAnErrorOrDisposal() {
    expectNoLeaks {
      let failed = BehaviorSubject(value: 1)
      failed.onError(TestError())
      #expect(throws: TestError.self) { try failed.value() }
      let afterError = Recorder<Int>()
      afterError.record(failed)
      expectEqual(afterError.log, ["error(boom)"])
      let disposed = BehaviorSubject(value: 1)
      disposed.dispose()
      #expect(disposed.isDisposed)
      #expect(throws: RxError.self) { try disposed.value() }
      let late = Recorder<Int>()
      late.record(disposed)
      #expect(late.events.first?.error is RxError)
    }
  }

  @Test func behaviorSubjectHandlesReentrantEvents() throws {
    try expectNoLeaks { () throws in
      let subject = BehaviorSubject(value: 0)
      var received: [Int] = []
      let subscription = subject.subscribe(onNext: { value in
        received.append(value)
        if value == 1 { subject.onNext(2) }
      })
      subject.onNext(1)
      subscription.dispose()
      expectEqual(received, [0, 1, 2])
      #expect(try subject.value() == 2)
    }
  }

  @Test func replaySubjectReplaysItsBuffer() {
    expectNoLeaks {
      let subject = ReplaySubject<Int>.create(bufferSize: 2)
      for value in 1...3 { subject.onNext(value) }
      let late = Recorder<Int>()
      let subscription = late.record(subject)
      subject.onNext(4)
      expectEqual(late.log, ["2", "3", "4"])
      subject.onError(TestError())
      let afterEnd = Recorder<Int>()
      afterEnd.record(subject)
      expectEqual(afterEnd.log, ["3", "4", "error(boom)"])
      subscription.dispose()
      let unbounded = ReplaySubject<Int>.createUnbounded()
      for value in 1...3 { unbounded.onNext(value) }
      unbounded.onCompleted()
      let all = Recorder<Int>()
      all.record(unbounded)
      expectEqual(all.log, ["1", "2", "3", "completed"])
      let none = ReplaySubject<Int>.create(bufferSize: 0)
      none.onNext(1)
      let nothing = Recorder<Int>()
      nothing.record(none).dispose()
      #expect(nothing.log.isEmpty)
    }
  }

  @Test func replaySubjectDisposalAndReentrancy() {
    expectNoLeaks {
      let subject = ReplaySubject<Int>.create(bufferSize: 1)
      var received: [Int] = []
      let subscription = subject.subscribe(onNext: { value in
        received.append(value)
        if value == 1 { subject.onNext(2) }
      })
      subject.onNext(1)
      #expect(subject.hasObservers)
      subscription.dispose()
      #expect(!subject.hasObservers)
      expectEqual(received, [1, 2])
      subject.dispose()
      let late = Recorder<Int>()
      late.record(subject)
      #expect(late.events.first?.error is RxError)
    }
  }

  @Test func replaySubjectStopsReplayingWhenTheSubscriberIsDone() {
    expectNoLeaks {
      let subject = ReplaySubject<Int>.createUnbounded()
      for value in 1...5 { subject.onNext(value) }
      let recorder = Recorder<Int>()
      recorder.record(subject.take(2))
      expectEqual(recorder.log, ["1", "2", "completed"])
      #expect(!subject.hasObservers)
    }
  }

  @Test func asyncSubjectEmitsItsLastElementOnCompletion() {
    expectNoLeaks {
      let subject = AsyncSubject<Int>()
      let early = Recorder<Int>()
      early.record(subject)
      subject.onNext(1)
      subject.onNext(2)
      #expect(early.log.isEmpty)
      #expect(subject.hasObservers)
      subject.onCompleted()
      let late = Recorder<Int>()
      late.record(subject)
      expectEqual(early.log, ["2", "completed"])
      expectEqual(late.log, ["2", "completed"])
      let empty = AsyncSubject<Int>()
      let emptyRecorder = Recorder<Int>()
      emptyRecorder.record(empty)
      empty.onCompleted()
      expectEqual(emptyRecorder.log, ["completed"])
    }
  }

  @Test func asyncSubjectForwardsOnlyTheErrorAndSupportsDisposal() {
    expectNoLeaks {
      let subject = AsyncSubject<Int>()
      let recorder = Recorder<Int>()
      let subscription = recorder.record(subject)
      let leaving = Recorder<Int>()
      leaving.record(subject).dispose()
      subject.onNext(1)
      subject.onError(TestError())
      subject.onCompleted()
      expectEqual(recorder.log, ["error(boom)"])
      #expect(leaving.log.isEmpty)
      subscription.dispose()
      let late = Recorder<Int>()
      late.record(subject)
      expectEqual(late.log, ["error(boom)"])
      let reentrant = AsyncSubject<Int>()
      var received: [Int] = []
      _ = reentrant.subscribe(onNext: { value in
        received.append(value)
        reentrant.onNext(value + 1)
      })
      reentrant.onNext(1)
      reentrant.onCompleted()
      expectEqual(received, [1])
    }
  }

  @Test func subjectsAreObservers() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      let recorder = Recorder<Int>()
      recorder.record(subject)
      let observer = subject.asObserver()
      observer.onNext(1)
      let erased = AnyObserver(subject)
      erased.onNext(2)
      let mapped: AnyObserver<String> = subject.mapObserver { Int($0)! }
      mapped.onNext("3")
      subject.onCompleted()
      expectEqual(recorder.log, ["1", "2", "3", "completed"])
    }
  }

  @Test func manyObserversLeavingInAnyOrderKeepTheRestServed() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      var received = Array(repeating: 0, count: 100)
      var subscriptions: [Disposable] = []
      for index in 0..<100 {
        subscriptions.append(subject.subscribe(onNext: { received[index] += $0 }))
      }
      let leaving = (0..<100).filter { $0 % 10 != 3 }
      for index in leaving.reversed() where index % 2 == 0 { subscriptions[index].dispose() }
      for index in leaving where index % 2 == 1 { subscriptions[index].dispose() }
      subject.onNext(1)
      expectEqual(received.indices.filter { received[$0] == 1 }, (0..<100).filter { $0 % 10 == 3 })
      // An observer that makes the others leave while an event is being delivered.
      var removedDuringDelivery = false
      let remover = subject.subscribe(onNext: { _ in
        if !removedDuringDelivery {
          removedDuringDelivery = true
          for subscription in subscriptions { subscription.dispose() }
        }
      })
      subject.onNext(1)
      subject.onNext(1)
      expectEqual(received.indices.filter { received[$0] > 0 }, (0..<100).filter { $0 % 10 == 3 })
      #expect(received.filter { $0 > 0 }.allSatisfy { $0 == 2 })
      remover.dispose()
      #expect(!subject.hasObservers)
    }
  }
}
