import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct CompletableTests {
  /// A `Completable` that records its subscription and completion, for ordering checks.
  private func step(_ name: String, _ events: CallLog, failing: Bool = false) -> Completable {
    Completable.create { observer in
      events.append("start \(name)")
      observer(failing ? .error(TestFailure.boom) : .completed)
      return Disposables.create()
    }
  }

  private func record(_ completable: Completable, into events: CallLog) -> Disposable {
    completable.subscribe(
      onCompleted: { events.append("completed") },
      onError: { events.append("error \($0)") },
      onDisposed: { events.append("disposed") })
  }

  @Test func createEmptyErrorNever() {
    let counter = ResourceCounter()
    let events = CallLog()
    counter.measure {
      _ = record(
        Completable.create { observer in
          observer(.completed)
          observer(.error(TestFailure.boom))
          return Disposables.create { events.append("released") }
        }, into: events)
      _ = record(Completable.empty(), into: events)
      _ = record(Completable.error(TestFailure.other), into: events)
      let never = record(Completable.never(), into: events)
      expectEqual(counter.live, 1)
      never.dispose()
    }
    expectEqual(
      events.items,
      [
        "completed", "disposed", "released", "completed", "disposed", "error other", "disposed",
        "disposed",
      ])
    expectEqual(counter.live, 0)
  }

  @Test func subscribeWithAnEventClosureAndWithAnObject() {
    final class Owner {
      var done = 0
    }
    var events: [String] = []
    let record: (CompletableEvent) -> Void = { event in
      switch event {
      case .completed: events.append("completed")
      case .error(let error): events.append("error \(error)")
      }
    }
    _ = Completable.empty().subscribe(record)
    _ = Completable.error(TestFailure.boom).subscribe(record)
    expectEqual(events, ["completed", "error boom"])
    let owner = Owner()
    _ = Completable.empty().subscribe(with: owner, onCompleted: { $0.done += 1 })
    expectEqual(owner.done, 1)
  }

  @Test func andThenRunsTheSecondAfterTheFirstCompletes() {
    let counter = ResourceCounter()
    let events = CallLog()
    counter.measure {
      _ = step("a", events).andThen(Single.just(1))
        .subscribe(onSuccess: { events.append("success \($0)") })
      _ = step("b", events).andThen(Maybe<Int>.empty())
        .subscribe(onCompleted: { events.append("maybe completed") })
      _ = record(step("c", events).andThen(step("d", events)), into: events)
      _ = step("e", events).andThen(Observable.of(1, 2))
        .subscribe(onNext: { events.append("next \($0)") })
    }
    expectEqual(
      events.items,
      [
        "start a", "success 1",
        "start b", "maybe completed",
        "start c", "start d", "completed", "disposed",
        "start e", "next 1", "next 2",
      ])
    expectEqual(counter.live, 0)
  }

  @Test func andThenSkipsTheSecondWhenTheFirstFails() {
    let events = CallLog()
    _ = step("a", events, failing: true).andThen(Single.just(1))
      .subscribe(
        onSuccess: { events.append("success \($0)") }, onFailure: { events.append("failure \($0)") }
      )
    _ = record(step("b", events, failing: true).andThen(step("never", events)), into: events)
    expectEqual(events.items, ["start a", "failure boom", "start b", "error boom", "disposed"])
  }

  @Test func andThenWaitsForALaterCompletion() {
    let events = CallLog()
    let first = PublishSubject<Never>()
    let subscription = first.asCompletable().andThen(Single.just(1))
      .subscribe(onSuccess: { events.append("success \($0)") })
    #expect(events.items.isEmpty)
    first.onCompleted()
    expectEqual(events.items, ["success 1"])
    subscription.dispose()
  }

  @Test func concatRunsInOrderAndStopsAtTheFirstError() {
    let counter = ResourceCounter()
    let events = CallLog()
    counter.measure {
      _ = record(Completable.concat(step("1", events), step("2", events)), into: events)
      _ = record(Completable.concat([step("3", events), step("4", events)]), into: events)
      _ = record(Completable.concat(AnySequence([step("5", events)])), into: events)
      _ = record(step("6", events).concat(step("7", events)), into: events)
      _ = record(
        Completable.concat(step("8", events, failing: true), step("9", events)), into: events)
    }
    expectEqual(
      events.items,
      [
        "start 1", "start 2", "completed", "disposed",
        "start 3", "start 4", "completed", "disposed",
        "start 5", "completed", "disposed",
        "start 6", "start 7", "completed", "disposed",
        "start 8", "error boom", "disposed",
      ])
    expectEqual(counter.live, 0)
  }

  @Test func zipCompletesWhenAllHaveCompleted() {
    let counter = ResourceCounter()
    let events = CallLog()
    let first = PublishSubject<Never>()
    let second = PublishSubject<Never>()
    counter.measure {
      _ = record(Completable.zip(first.asCompletable(), second.asCompletable()), into: events)
      first.onCompleted()
      #expect(events.items.isEmpty)
      second.onCompleted()
      _ = record(Completable.zip([Completable]()), into: events)
      _ = record(Completable.zip([Completable.empty(), Completable.empty()]), into: events)
    }
    expectEqual(
      events.items, ["completed", "disposed", "completed", "disposed", "completed", "disposed"])
    expectEqual(counter.live, 0)
  }

  @Test func zipFailsAtTheFirstErrorAndDisposesTheOthers() {
    let counter = ResourceCounter()
    let events = CallLog()
    let pending = PublishSubject<Never>()
    counter.measure {
      _ = record(
        Completable.zip(pending.asCompletable(), Completable.error(TestFailure.boom)),
        into: events)
    }
    expectEqual(events.items, ["error boom", "disposed"])
    #expect(!pending.hasObservers)
    expectEqual(counter.live, 0)
  }

  @Test func catchAndDo() {
    let events = CallLog()
    _ = record(Completable.error(TestFailure.boom).catch { _ in .empty() }, into: events)
    _ = record(
      Completable.empty().do(
        onCompleted: { events.append("onCompleted") },
        afterCompleted: { events.append("afterCompleted") },
        onSubscribe: { events.append("onSubscribe") },
        onSubscribed: { events.append("onSubscribed") },
        onDispose: { events.append("onDispose") }), into: events)
    _ = record(
      Completable.error(TestFailure.other).do(
        onError: { events.append("onError \($0)") }, afterError: { _ in throw TestFailure.boom }),
      into: events)
    expectEqual(
      events.items,
      [
        "completed", "disposed",
        "onSubscribe", "onCompleted", "completed", "disposed", "afterCompleted",
        "onSubscribed", "onDispose",
        "onError other", "error other", "disposed",
      ])
  }
}
