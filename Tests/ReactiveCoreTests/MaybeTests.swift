import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct MaybeTests {
  private func record<Element>(_ maybe: Maybe<Element>, into events: CallLog) -> Disposable {
    maybe.subscribe(
      onSuccess: { events.append("success \($0)") },
      onError: { events.append("error \($0)") },
      onCompleted: { events.append("completed") },
      onDisposed: { events.append("disposed") })
  }

  @Test func createDeliversExactlyOneOutcome() {
    let counter = ResourceCounter()
    let events = CallLog()
    counter.measure {
      _ = record(
        Maybe<Int>.create { observer in
          observer(.success(1))
          observer(.completed)
          return Disposables.create()
        }, into: events)
      _ = record(
        Maybe<Int>.create { observer in
          observer(.completed)
          observer(.success(2))
          return Disposables.create()
        }, into: events)
      _ = record(
        Maybe<Int>.create { observer in
          observer(.error(TestFailure.boom))
          return Disposables.create()
        }, into: events)
    }
    expectEqual(
      events.items,
      [
        "success 1", "disposed", "completed", "disposed", "error boom", "disposed",
      ])
    expectEqual(counter.live, 0)
  }

  @Test func justEmptyErrorNeverAndDisposal() {
    let counter = ResourceCounter()
    let events = CallLog()
    var disposed = false
    counter.measure {
      _ = record(Maybe.just(1), into: events)
      _ = record(Maybe<Int>.empty(), into: events)
      _ = record(Maybe<Int>.error(TestFailure.other), into: events)
      _ = record(Maybe.just(2, scheduler: CountingScheduler()), into: events)
      let never = record(
        Maybe<Int>.never().do(onDispose: { disposed = true }), into: events)
      expectEqual(counter.live, 1)
      never.dispose()
    }
    expectEqual(
      events.items,
      [
        "success 1", "disposed", "completed", "disposed", "error other", "disposed",
        "success 2", "disposed", "disposed",
      ])
    #expect(disposed)
    expectEqual(counter.live, 0)
  }

  @Test func subscribeWithAnEventClosureAndWithAnObject() {
    final class Owner {
      var events: [String] = []
    }
    var events: [String] = []
    let record: (MaybeEvent<Int>) -> Void = { event in
      switch event {
      case .success(let value): events.append("success \(value)")
      case .error(let error): events.append("error \(error)")
      case .completed: events.append("completed")
      }
    }
    _ = Maybe.just(1).subscribe(record)
    _ = Maybe<Int>.empty().subscribe(record)
    _ = Maybe<Int>.error(TestFailure.boom).subscribe(record)
    expectEqual(events, ["success 1", "completed", "error boom"])

    let owner = Owner()
    _ = Maybe.just(3).subscribe(with: owner, onSuccess: { $0.events.append("success \($1)") })
    _ = Maybe<Int>.empty().subscribe(with: owner, onCompleted: { $0.events.append("completed") })
    expectEqual(owner.events, ["success 3", "completed"])
  }

  @Test func mapCompactMapFilterAndFlatMap() {
    let events = CallLog()
    _ = record(Maybe.just(2).map { $0 * 3 }, into: events)
    _ = record(Maybe<Int>.empty().map { $0 * 3 }, into: events)
    _ = record(Maybe.just(2).compactMap { $0 > 2 ? $0 : nil }, into: events)
    _ = record(Maybe.just(2).filter { $0 == 2 }, into: events)
    _ = record(Maybe.just(2).flatMap { Maybe.just("\($0)!") }, into: events)
    _ = record(Maybe.just(2).flatMap { _ in Maybe<Int>.empty() }, into: events)
    _ = record(Maybe<Int>.empty().flatMap { Maybe.just($0) }, into: events)
    expectEqual(
      events.items,
      [
        "success 6", "disposed", "completed", "disposed", "completed", "disposed",
        "success 2", "disposed", "success 2!", "disposed", "completed", "disposed",
        "completed", "disposed",
      ])
  }

  @Test func ifEmptyTurnsAnEmptyMaybeIntoTheFallback() {
    var singles: [String] = []
    _ = Maybe<Int>.empty().ifEmpty(default: 0).subscribe(onSuccess: { singles.append("\($0)") })
    _ = Maybe.just(5).ifEmpty(default: 0).subscribe(onSuccess: { singles.append("\($0)") })
    _ = Maybe<Int>.empty().ifEmpty(switchTo: Single.just(7))
      .subscribe(onSuccess: { singles.append("\($0)") })
    _ = Maybe<Int>.empty().ifEmpty(switchTo: Single<Int>.error(TestFailure.boom))
      .subscribe(onFailure: { singles.append("failure \($0)") })
    expectEqual(singles, ["0", "5", "7", "failure boom"])

    let events = CallLog()
    _ = record(Maybe<Int>.empty().ifEmpty(switchTo: Maybe.just(8)), into: events)
    _ = record(Maybe<Int>.empty().ifEmpty(switchTo: Maybe.empty()), into: events)
    expectEqual(events.items, ["success 8", "disposed", "completed", "disposed"])
  }

  @Test func catchAndReturnDoAndAsCompletable() {
    let counter = ResourceCounter()
    let events = CallLog()
    counter.measure {
      _ = record(Maybe<Int>.error(TestFailure.boom).catchAndReturn(1), into: events)
      _ = record(
        Maybe<Int>.empty().do(
          onNext: { events.append("onNext \($0)") },
          onCompleted: { events.append("onCompleted") },
          onSubscribe: { events.append("onSubscribe") },
          onDispose: { events.append("onDispose") }), into: events)
      _ = Maybe.just(1).asCompletable().subscribe(onCompleted: { events.append("done") })
    }
    expectEqual(
      events.items,
      [
        "success 1", "disposed",
        "onSubscribe", "onCompleted", "completed", "disposed", "onDispose",
        "done",
      ])
    expectEqual(counter.live, 0)
  }

  @Test func zipCompletesEmptyWhenOneIsEmpty() {
    let events = CallLog()
    _ = record(Maybe.zip(Maybe.just(1), Maybe.just(2)) { $0 + $1 }, into: events)
    _ = record(Maybe.zip(Maybe.just(1), Maybe<Int>.empty()) { $0 + $1 }, into: events)
    _ = record(Maybe.zip(Maybe.just(1), Maybe.just("a")).map { "\($0.0)\($0.1)" }, into: events)
    expectEqual(
      events.items,
      [
        "success 3", "disposed", "completed", "disposed", "success 1a", "disposed",
      ])
  }
}
