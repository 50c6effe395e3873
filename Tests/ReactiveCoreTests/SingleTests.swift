import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct SingleTests {
  /// Subscribes with closures that record each callback as a string.
  private func record<Element>(_ single: Single<Element>, into events: CallLog) -> Disposable {
    single.subscribe(
      onSuccess: { events.append("success \($0)") },
      onFailure: { events.append("failure \($0)") },
      onDisposed: { events.append("disposed") })
  }

  @Test func createDeliversTheFirstOutcomeOnlyThenDisposesItself() {
    let counter = ResourceCounter()
    let events = CallLog()
    var resourceDisposed = false
    counter.measure {
      let single = Single<Int>.create { observer in
        observer(.success(1))
        observer(.success(2))
        observer(.failure(TestFailure.boom))
        return Disposables.create { resourceDisposed = true }
      }
      _ = record(single, into: events)
    }
    expectEqual(events.items, ["success 1", "disposed"])
    #expect(resourceDisposed)
    expectEqual(counter.live, 0)
  }

  @Test func createReportsFailure() {
    let counter = ResourceCounter()
    let events = CallLog()
    counter.measure {
      _ = record(
        Single<Int>.create {
          $0(.failure(TestFailure.boom))
          return Disposables.create()
        }, into: events)
    }
    expectEqual(events.items, ["failure boom", "disposed"])
    expectEqual(counter.live, 0)
  }

  @Test func disposingBeforeTheOutcomeReleasesTheResourceAndDropsTheLateOutcome() {
    let counter = ResourceCounter()
    let events = CallLog()
    let manual = ManualSingle<Int>()
    counter.measure {
      let subscription = record(manual.single, into: events)
      expectEqual(counter.live, 1)
      subscription.dispose()
      manual.succeed(5)
    }
    expectEqual(events.items, ["disposed"])
    expectEqual(manual.disposals, 1)
    expectEqual(counter.live, 0)
  }

  @Test func justErrorAndNever() {
    let counter = ResourceCounter()
    let events = CallLog()
    counter.measure {
      _ = record(Single.just("a"), into: events)
      _ = record(Single<String>.error(TestFailure.other), into: events)
      let never = record(Single<String>.never(), into: events)
      expectEqual(counter.live, 1)
      never.dispose()
    }
    expectEqual(events.items, ["success a", "disposed", "failure other", "disposed", "disposed"])
    expectEqual(counter.live, 0)
  }

  @Test func justOnASchedulerDeliversThroughIt() {
    let scheduler = CountingScheduler()
    let events = CallLog()
    _ = record(Single.just(3, scheduler: scheduler), into: events)
    expectEqual(events.items, ["success 3", "disposed"])
    // One action for the element, one for the completion that follows it.
    expectEqual(scheduler.actions, 2)
  }

  @Test func subscribeWithAResultClosure() {
    var results: [String] = []
    let record: (SingleEvent<Int>) -> Void = { result in
      switch result {
      case .success(let value): results.append("success \(value)")
      case .failure(let error): results.append("failure \(error)")
      }
    }
    _ = Single.just(1).subscribe(record)
    _ = Single<Int>.error(TestFailure.boom).subscribe(record)
    expectEqual(results, ["success 1", "failure boom"])
  }

  @Test func subscribeWithAnObjectStopsCallingOnceTheObjectIsGone() {
    final class Screen {
      var values: [Int] = []
    }
    var screen: Screen? = Screen()
    let kept = screen!
    let manual = ManualSingle<Int>()
    var disposedCalls = 0
    _ = Single.just(1).subscribe(with: kept, onSuccess: { $0.values.append($1) })
    expectEqual(kept.values, [1])
    _ = manual.single.subscribe(
      with: screen!, onSuccess: { $0.values.append($1) }, onDisposed: { _ in disposedCalls += 1 })
    screen = nil
    manual.succeed(2)
    expectEqual(kept.values, [1, 2])  // `kept` still holds the object
    expectEqual(disposedCalls, 1)
  }

  @Test func deferredMakesANewSingleForEachSubscriberAndReportsAThrownError() {
    var made = 0
    let single = Single<Int>.deferred {
      made += 1
      if made == 3 { throw TestFailure.boom }
      return .just(made * 10)
    }
    let events = CallLog()
    _ = record(single, into: events)
    _ = record(single, into: events)
    _ = record(single, into: events)
    expectEqual(
      events.items,
      [
        "success 10", "disposed", "success 20", "disposed", "failure boom", "disposed",
      ])
  }

  @Test func mapCompactMapAndFilter() {
    let events = CallLog()
    _ = record(Single.just(2).map { $0 * 10 }, into: events)
    _ = record(Single.just(2).map { _ -> Int in throw TestFailure.boom }, into: events)
    expectEqual(events.items, ["success 20", "disposed", "failure boom", "disposed"])

    var maybeEvents: [String] = []
    let recordMaybe: (MaybeEvent<Int>) -> Void = { event in
      switch event {
      case .success(let value): maybeEvents.append("success \(value)")
      case .error(let error): maybeEvents.append("error \(error)")
      case .completed: maybeEvents.append("completed")
      }
    }
    _ = Single.just(4).compactMap { $0 > 3 ? $0 : nil }.subscribe(recordMaybe)
    _ = Single.just(2).compactMap { $0 > 3 ? $0 : nil }.subscribe(recordMaybe)
    _ = Single.just(2).filter { $0 > 1 }.subscribe(recordMaybe)
    _ = Single.just(2).filter { $0 > 5 }.subscribe(recordMaybe)
    _ = Single<Int>.error(TestFailure.boom).filter { $0 > 5 }.subscribe(recordMaybe)
    expectEqual(maybeEvents, ["success 4", "completed", "success 2", "completed", "error boom"])
  }

  @Test func flatMapWaitsForTheSecondSingleAndReleasesBoth() {
    let counter = ResourceCounter()
    let events = CallLog()
    let first = ManualSingle<Int>()
    let second = ManualSingle<String>()
    counter.measure {
      _ = record(
        first.single.flatMap { value in second.single.map { "\(value)\($0)" } }, into: events)
      first.succeed(1)
      #expect(events.items.isEmpty)
      expectEqual(second.subscriptions, 1)
      second.succeed("a")
    }
    expectEqual(events.items, ["success 1a", "disposed"])
    expectEqual(first.disposals, 1)
    expectEqual(second.disposals, 1)
    expectEqual(counter.live, 0)
  }

  @Test func flatMapFailsWithEitherSingleOrTheSelector() {
    let events = CallLog()
    _ = record(Single<Int>.error(TestFailure.boom).flatMap { Single.just($0) }, into: events)
    _ = record(Single.just(1).flatMap { _ in Single<Int>.error(TestFailure.other) }, into: events)
    _ = record(Single.just(1).flatMap { _ -> Single<Int> in throw TestFailure.boom }, into: events)
    expectEqual(
      events.items,
      [
        "failure boom", "disposed", "failure other", "disposed", "failure boom", "disposed",
      ])
  }

  @Test func disposingAFlatMapDisposesTheInnerSingle() {
    let counter = ResourceCounter()
    let second = ManualSingle<Int>()
    counter.measure {
      let subscription = Single.just(1).flatMap { _ in second.single }.subscribe()
      expectEqual(second.subscriptions, 1)
      subscription.dispose()
    }
    expectEqual(second.disposals, 1)
    expectEqual(counter.live, 0)
  }

  @Test func flatMapMaybeAndFlatMapCompletable() {
    var maybe: [String] = []
    _ = Single.just(1).flatMapMaybe { _ in Maybe<Int>.empty() }
      .subscribe(
        onSuccess: { maybe.append("success \($0)") }, onCompleted: { maybe.append("completed") })
    _ = Single.just(1).flatMapMaybe { Maybe.just($0 + 1) }
      .subscribe(
        onSuccess: { maybe.append("success \($0)") }, onCompleted: { maybe.append("completed") })
    expectEqual(maybe, ["completed", "success 2"])

    var completable: [String] = []
    var ran: [Int] = []
    _ = Single.just(7).flatMapCompletable { value in
      Completable.create { observer in
        ran.append(value)
        observer(.completed)
        return Disposables.create()
      }
    }.subscribe(
      onCompleted: { completable.append("completed") },
      onError: { completable.append("error \($0)") })
    _ = Single.just(7).flatMapCompletable { _ in Completable.error(TestFailure.boom) }
      .subscribe(
        onCompleted: { completable.append("completed") },
        onError: { completable.append("error \($0)") })
    expectEqual(ran, [7])
    expectEqual(completable, ["completed", "error boom"])
  }

  @Test func zipWaitsForBothAndFailsFastDisposingTheOther() {
    let counter = ResourceCounter()
    let events = CallLog()
    let left = ManualSingle<Int>()
    let right = ManualSingle<String>()
    counter.measure {
      _ = record(Single.zip(left.single, right.single) { "\($0)\($1)" }, into: events)
      right.succeed("b")
      #expect(events.items.isEmpty)
      left.succeed(1)
    }
    expectEqual(events.items, ["success 1b", "disposed"])
    expectEqual(counter.live, 0)

    let pending = ManualSingle<Int>()
    let failing = CallLog()
    counter.measure {
      _ = record(
        Single.zip(pending.single, Single<Int>.error(TestFailure.boom)) { $0 + $1 }, into: failing)
    }
    expectEqual(failing.items, ["failure boom", "disposed"])
    expectEqual(pending.disposals, 1)
    expectEqual(counter.live, 0)
  }

  @Test func zipOfTwoToEightAsTuples() {
    var results: [String] = []
    _ = Single.zip(Single.just(1), Single.just("b")).subscribe(onSuccess: {
      results.append("\($0.0)\($0.1)")
    })
    // The closures state their argument types: inferred, the sums of eight tuple elements
    // take the type checker seconds.
    _ = Single.zip(Single.just(1), Single.just(2), Single.just(3))
      .subscribe(onSuccess: { (values: (Int, Int, Int)) in
        results.append(String(values.0 + values.1 + values.2))
      })
    _ = Single.zip(
      Single.just(1), Single.just(2), Single.just(3), Single.just(4), Single.just(5),
      Single.just(6), Single.just(7), Single.just(8)
    ).subscribe(onSuccess: { (values: (Int, Int, Int, Int, Int, Int, Int, Int)) in
      let all = [values.0, values.1, values.2, values.3, values.4, values.5, values.6, values.7]
      results.append(String(all.reduce(0, +)))
    })
    _ = Single.zip(
      Single.just(1), Single.just(2), Single.just(3), Single.just(4), Single.just(5)
    ) { (a: Int, b: Int, c: Int, d: Int, e: Int) -> Int in a * b * c * d * e }
    .subscribe(onSuccess: { results.append(String($0)) })
    expectEqual(results, ["1b", "6", "36", "120"])
  }

  @Test func zipOfACollectionKeepsItsOrder() {
    var results: [[Int]] = []
    var sums: [Int] = []
    let manual = ManualSingle<Int>()
    _ = Single.zip([manual.single, Single.just(2), Single.just(3)]).subscribe(onSuccess: {
      results.append($0)
    })
    manual.succeed(1)
    _ = Single.zip([Single<Int>]()).subscribe(onSuccess: { results.append($0) })
    _ = Single.zip([Single.just(2), Single.just(3)]) { $0.reduce(0, +) }.subscribe(onSuccess: {
      sums.append($0)
    })
    expectEqual(results, [[1, 2, 3], []])
    expectEqual(sums, [5])
  }

  @Test func catchAndReturnAndCatch() {
    let events = CallLog()
    _ = record(Single<Int>.error(TestFailure.boom).catchAndReturn(0), into: events)
    _ = record(Single.just(1).catchAndReturn(0), into: events)
    _ = record(
      Single<Int>.error(TestFailure.boom).catch { error in
        error as? TestFailure == .boom ? .just(9) : .error(error)
      }, into: events)
    _ = record(
      Single<Int>.error(TestFailure.boom).catch { _ in throw TestFailure.other }, into: events)
    expectEqual(
      events.items,
      [
        "success 0", "disposed", "success 1", "disposed", "success 9", "disposed", "failure other",
        "disposed",
      ])
  }

  @Test func retryResubscribesUpToTheLimit() {
    let counter = ResourceCounter()
    var attempts = 0
    let flaky = Single<Int>.create { observer in
      attempts += 1
      observer(attempts < 3 ? .failure(TestFailure.boom) : .success(attempts))
      return Disposables.create()
    }
    let events = CallLog()
    counter.measure {
      _ = record(flaky.retry(2), into: events)
      expectEqual(attempts, 2)
      attempts = 0
      _ = record(flaky.retry(3), into: events)
      attempts = 0
      _ = record(flaky.retry(), into: events)
    }
    expectEqual(
      events.items,
      [
        "failure boom", "disposed", "success 3", "disposed", "success 3", "disposed",
      ])
    expectEqual(counter.live, 0)
  }

  @Test func doRunsEveryHookInOrder() {
    let counter = ResourceCounter()
    let events = CallLog()
    counter.measure {
      _ = Single.just(1).do(
        onSuccess: { events.append("onSuccess \($0)") },
        afterSuccess: { events.append("afterSuccess \($0)") },
        onError: { _ in events.append("onError") },
        onSubscribe: { events.append("onSubscribe") },
        onSubscribed: { events.append("onSubscribed") },
        onDispose: { events.append("onDispose") }
      ).subscribe(onSuccess: { events.append("success \($0)") })
      _ = Single<Int>.error(TestFailure.boom).do(
        onError: { events.append("onError \($0)") },
        afterError: { events.append("afterError \($0)") }
      ).subscribe(onFailure: { events.append("failure \($0)") })
      _ = Single.just(1).do(onSuccess: { _ in throw TestFailure.other })
        .subscribe(
          onSuccess: { events.append("success \($0)") },
          onFailure: { events.append("failure \($0)") })
    }
    // `just` succeeds during `subscribe`, so before `onSubscribed`.
    expectEqual(
      events.items,
      [
        "onSubscribe", "onSuccess 1", "success 1", "afterSuccess 1", "onSubscribed", "onDispose",
        "onError boom", "failure boom", "afterError boom",
        "failure other",
      ])
    expectEqual(counter.live, 0)
  }

  @Test func doHooksAroundALaterOutcome() {
    let events = CallLog()
    let manual = ManualSingle<Int>()
    _ = manual.single.do(
      onSuccess: { events.append("onSuccess \($0)") },
      onSubscribe: { events.append("onSubscribe") },
      onSubscribed: { events.append("onSubscribed") },
      onDispose: { events.append("onDispose") }
    ).subscribe(onSuccess: { events.append("success \($0)") })
    manual.succeed(2)
    expectEqual(
      events.items, ["onSubscribe", "onSubscribed", "onSuccess 2", "success 2", "onDispose"])
  }

  @Test func doOnDisposeRunsOnDisposalToo() {
    var disposed = 0
    let subscription = Single<Int>.never().do(onDispose: { disposed += 1 }).subscribe()
    expectEqual(disposed, 0)
    subscription.dispose()
    subscription.dispose()
    expectEqual(disposed, 1)
  }

  @Test func asMaybeAndAsCompletable() {
    var events: [String] = []
    _ = Single.just(1).asMaybe().subscribe(
      onSuccess: { events.append("success \($0)") }, onCompleted: { events.append("completed") })
    _ = Single.just(1).asCompletable().subscribe(onCompleted: { events.append("completed") })
    _ = Single<Int>.error(TestFailure.boom).asCompletable().subscribe(onError: {
      events.append("error \($0)")
    })
    _ = Single.just(1).asObservable().subscribe(
      onNext: { events.append("next \($0)") }, onCompleted: { events.append("end") })
    expectEqual(events, ["success 1", "completed", "error boom", "next 1", "end"])
  }

  @Test func observeOnDeliversTheOutcomeThroughTheScheduler() {
    let scheduler = CountingScheduler()
    let events = CallLog()
    _ = record(Single.just(1).observe(on: scheduler), into: events)
    expectEqual(events.items, ["success 1", "disposed"])
    #expect(scheduler.actions >= 1)
  }

  @Test func subscribeOnRunsTheSubscriptionThroughTheScheduler() {
    let scheduler = CountingScheduler()
    var subscribedThrough = -1
    let events = CallLog()
    let single = Single<Int>.create { observer in
      subscribedThrough = scheduler.actions
      observer(.success(1))
      return Disposables.create()
    }
    _ = record(single.subscribe(on: scheduler), into: events)
    expectEqual(subscribedThrough, 1)
    expectEqual(events.items, ["success 1", "disposed"])
  }

  @Test func retryWhenResubscribesWhileTheTriggerEmits() {
    let counter = ResourceCounter()
    var attempts = 0
    let flaky = Single<Int>.create { observer in
      attempts += 1
      observer(attempts < 3 ? .failure(TestFailure.boom) : .success(attempts))
      return Disposables.create()
    }
    let events = CallLog()
    counter.measure {
      _ = record(
        flaky.retry(when: { (errors: Observable<Error>) in errors.map { _ in () } }), into: events)
      attempts = 0
      _ = record(
        flaky.retry(when: { (errors: Observable<Error>) in
          errors.map { error -> Void in throw error }
        }), into: events)
      attempts = 0
      _ = record(
        flaky.retry(when: { (errors: Observable<TestFailure>) in errors.map { _ in () } }),
        into: events)
      attempts = 0
      _ = record(
        Single<Int>.error(TestFailure.boom).retry(when: { (errors: Observable<CancellationError>) in
          errors.map { _ in () }
        }), into: events)
    }
    expectEqual(
      events.items,
      [
        "success 3", "disposed", "failure boom", "disposed", "success 3", "disposed",
        "failure boom", "disposed",
      ])
    expectEqual(counter.live, 0)
  }
}
