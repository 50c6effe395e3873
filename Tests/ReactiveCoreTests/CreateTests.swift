import ReactiveCore
import Testing

/// A disposable resource that reports each disposal.
final class CountingDisposable: Disposable, @unchecked Sendable {  // used from one thread
  let onDispose: () -> Void
  init(_ onDispose: @escaping () -> Void) { self.onDispose = onDispose }
  func dispose() { onDispose() }
}

@Suite struct CreationTests {
  @Test func generateLoopsWhileTheConditionHolds() {
    expectNoLeaks {
      let recorder = Recorder<Int>()
      recorder.record(
        Observable.generate(initialState: 1, condition: { $0 < 20 }, iterate: { $0 * 3 }))
      #expect(recorder.log == ["1", "3", "9", "completed"])
      let none = Recorder<Int>()
      none.record(Observable.generate(initialState: 5, condition: { $0 < 0 }, iterate: { $0 + 1 }))
      #expect(none.log == ["completed"])
    }
  }

  @Test func generateStopsWhenTheSubscriberIsDoneAndReportsThrownErrors() {
    expectNoLeaks {
      var iterations = 0
      let endless = Recorder<Int>()
      endless.record(
        Observable.generate(
          initialState: 0, condition: { _ in true },
          iterate: {
            iterations += 1
            return $0 + 1
          }
        ).take(3))
      #expect(endless.log == ["0", "1", "2", "completed"])
      #expect(iterations == 2)
      let condition = Recorder<Int>()
      condition.record(
        Observable.generate(
          initialState: 0,
          condition: { if $0 == 1 { throw TestError("condition") } else { return true } },
          iterate: { $0 + 1 }))
      #expect(condition.log == ["0", "error(condition)"])
      let iterate = Recorder<Int>()
      iterate.record(
        Observable.generate(
          initialState: 0, condition: { _ in true }, iterate: { _ in throw TestError("iterate") }))
      #expect(iterate.log == ["0", "error(iterate)"])
    }
  }

  @Test func generateHandlesReentrantSubscribersAndDisposal() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      var received: [Int] = []
      let subscription = Observable.merge(
        subject, Observable.generate(initialState: 0, condition: { $0 < 2 }, iterate: { $0 + 1 })
      ).subscribe(onNext: { value in
        received.append(value)
        if value == 0 { subject.onNext(10) }
      })
      subscription.dispose()
      subject.onNext(20)
      #expect(received == [0, 10, 1])
    }
  }

  @Test func repeatElementRepeatsUntilTheSubscriberIsDone() {
    expectNoLeaks {
      let recorder = Recorder<String>()
      recorder.record(Observable.repeatElement("a").take(3))
      #expect(recorder.log == ["a", "a", "a", "completed"])
      var count = 0
      let subject = PublishSubject<Int>()
      let subscription = Observable.repeatElement(1).take(until: subject).subscribe(onNext: { _ in
        count += 1
        if count == 5 { subject.onNext(0) }
      })
      subscription.dispose()
      #expect(count == 5)
    }
  }

  @Test func usingDisposesTheResourceAfterTheEndOrOnDisposal() {
    expectNoLeaks {
      var disposals = 0
      let resource = { CountingDisposable { disposals += 1 } }
      let completed = Recorder<Int>()
      completed.record(Observable.using(resource, observableFactory: { _ in .of(1, 2) }))
      #expect(completed.log == ["1", "2", "completed"])
      #expect(disposals == 1)
      let subject = PublishSubject<Int>()
      let disposed = Recorder<Int>()
      let subscription = disposed.record(
        Observable.using(resource, observableFactory: { _ in subject }))
      subject.onNext(1)
      subscription.dispose()
      subject.onNext(2)
      #expect(disposals == 2)
      #expect(disposed.log == ["1"])
      #expect(!subject.hasObservers)
    }
  }

  @Test func usingReportsFactoryErrors() {
    expectNoLeaks {
      var disposals = 0
      let failingFactory = Recorder<Int>()
      failingFactory.record(
        Observable.using(
          { CountingDisposable { disposals += 1 } },
          observableFactory: { (_) -> Observable<Int> in throw TestError("factory") }))
      #expect(failingFactory.log == ["error(factory)"])
      #expect(disposals == 1)
      let failingResource = Recorder<Int>()
      failingResource.record(
        Observable<Int>.using(
          { () throws -> BooleanDisposable in throw TestError("resource") },
          observableFactory: { _ in .just(1) }))
      #expect(failingResource.log == ["error(resource)"])
      let failingSource = Recorder<Int>()
      failingSource.record(
        Observable.using(
          { CountingDisposable { disposals += 1 } }, observableFactory: { _ in .error(TestError()) }
        ))
      #expect(failingSource.log == ["error(boom)"])
      #expect(disposals == 2)
    }
  }

  @Test func usingHandlesReentrantEvents() {
    expectNoLeaks {
      let subject = PublishSubject<Int>()
      var received: [Int] = []
      let subscription = Observable.using(
        { BooleanDisposable() }, observableFactory: { _ in subject }
      )
      .subscribe(onNext: { value in
        received.append(value)
        if value == 1 { subject.onNext(2) }
      })
      subject.onNext(1)
      subscription.dispose()
      #expect(received == [1, 2])
    }
  }

  @Test func createEnforcesTheGrammarAndDisposesItsResource() {
    expectNoLeaks {
      var disposed = 0
      let source = Observable<Int>.create { observer in
        observer.onNext(1)
        observer.onCompleted()
        observer.onNext(2)
        observer.onError(TestError())
        return Disposables.create { disposed += 1 }
      }
      let recorder = Recorder<Int>()
      recorder.record(source)
      #expect(recorder.log == ["1", "completed"])
      #expect(disposed == 1)
    }
  }

  @Test func createDisposedMidStreamStopsDelivery() {
    expectNoLeaks {
      var observer: AnyObserver<Int>?
      var disposed = 0
      let source = Observable<Int>.create {
        observer = $0
        return Disposables.create { disposed += 1 }
      }
      let recorder = Recorder<Int>()
      let subscription = recorder.record(source)
      observer?.onNext(1)
      subscription.dispose()
      observer?.onNext(2)
      #expect(recorder.log == ["1"])
      #expect(disposed == 1)
      observer = nil
    }
  }

  @Test func justOfFromAndRangeEmitSynchronously() {
    expectNoLeaks {
      let just = Recorder<Int>()
      just.record(Observable.just(1))
      #expect(just.log == ["1", "completed"])
      let of = Recorder<Int>()
      of.record(Observable.of(1, 2))
      #expect(of.log == ["1", "2", "completed"])
      let array = Recorder<Int>()
      array.record(Observable.from([3, 4]))
      #expect(array.log == ["3", "4", "completed"])
      let sequence = Recorder<Int>()
      sequence.record(Observable.from(stride(from: 0, to: 6, by: 2)))
      #expect(sequence.log == ["0", "2", "4", "completed"])
      let optional = Recorder<Int>()
      optional.record(Observable.from(optional: Int?.none))
      #expect(optional.log == ["completed"])
      let range = Recorder<Int>()
      range.record(Observable.range(start: 5, count: 3))
      #expect(range.log == ["5", "6", "7", "completed"])
      let emptyRange = Recorder<Int>()
      emptyRange.record(Observable.range(start: 5, count: 0))
      #expect(emptyRange.log == ["completed"])
    }
  }

  @Test func emptyNeverErrorAndDeferred() {
    expectNoLeaks {
      let empty = Recorder<Int>()
      empty.record(Observable<Int>.empty())
      #expect(empty.log == ["completed"])
      let never = Recorder<Int>()
      never.record(Observable<Int>.never()).dispose()
      #expect(never.log.isEmpty)
      let error = Recorder<Int>()
      error.record(Observable<Int>.error(TestError()))
      #expect(error.log == ["error(boom)"])
      var made = 0
      let deferred = Observable<Int>.deferred {
        made += 1
        return .just(made)
      }
      let first = Recorder<Int>()
      first.record(deferred)
      let second = Recorder<Int>()
      second.record(deferred)
      #expect(first.log == ["1", "completed"])
      #expect(second.log == ["2", "completed"])
      let failing = Recorder<Int>()
      failing.record(Observable<Int>.deferred { throw TestError() })
      #expect(failing.log == ["error(boom)"])
    }
  }

  @Test func synchronousSourcesStopWhenAnOperatorEndsFromInsideOnNext() {
    expectNoLeaks {
      var fromReceived: [Int] = []
      let subject = PublishSubject<Int>()
      _ = Observable.from([1, 2, 3]).take(until: subject).subscribe(onNext: { value in
        fromReceived.append(value)
        subject.onNext(0)
      })
      #expect(fromReceived == [1])
    }
  }
}
