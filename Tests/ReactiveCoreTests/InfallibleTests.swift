import ReactiveCore
import ReactiveTesting
import Testing

@Suite struct InfallibleTests {
  private func record<Element>(_ infallible: Infallible<Element>, into events: CallLog)
    -> Disposable
  {
    infallible.subscribe(
      onNext: { events.append("next \($0)") },
      onCompleted: { events.append("completed") },
      onDisposed: { events.append("disposed") })
  }

  @Test func createDropsEventsAfterCompletion() {
    let counter = ResourceCounter()
    let events = CallLog()
    counter.measure {
      _ = record(
        Infallible<Int>.create { observer in
          observer(.next(1))
          observer(.completed)
          observer(.next(2))
          return Disposables.create { events.append("released") }
        }, into: events)
    }
    expectEqual(events.items, ["next 1", "completed", "disposed", "released"])
    expectEqual(counter.live, 0)
  }

  @Test func creationOperators() {
    let events = CallLog()
    _ = record(Infallible.just(1), into: events)
    _ = record(Infallible<Int>.empty(), into: events)
    _ = record(Infallible.of(2, 3), into: events)
    _ = record(Infallible.from([4]), into: events)
    _ = record(Infallible.from(5...6), into: events)
    _ = record(Infallible.deferred { .just(7) }, into: events)
    _ = record(Infallible.just(8, scheduler: CountingScheduler()), into: events)
    let never = record(Infallible<Int>.never(), into: events)
    never.dispose()
    expectEqual(
      events.items,
      [
        "next 1", "completed", "disposed", "completed", "disposed",
        "next 2", "next 3", "completed", "disposed", "next 4", "completed", "disposed",
        "next 5", "next 6", "completed", "disposed", "next 7", "completed", "disposed",
        "next 8", "completed", "disposed", "disposed",
      ])
  }

  @Test func errorsBecomeTheFallback() {
    let events = CallLog()
    let failing = Observable<Int>.create { observer in
      observer.onNext(1)
      observer.onError(TestFailure.boom)
      return Disposables.create()
    }
    _ = record(failing.asInfallible(onErrorJustReturn: 0), into: events)
    _ = record(failing.asInfallible(onErrorFallbackTo: .of(8, 9)), into: events)
    _ = record(
      failing.asInfallible(onErrorRecover: { error in
        .just(error as? TestFailure == .boom ? -1 : -2)
      }), into: events)
    expectEqual(
      events.items,
      [
        "next 1", "next 0", "completed", "disposed",
        "next 1", "next 8", "next 9", "completed", "disposed",
        "next 1", "next -1", "completed", "disposed",
      ])
  }

  @Test func operators() {
    let bag = DisposeBag()
    let events = CallLog()
    let numbers = Infallible.of(1, 1, 2, 3, 3, 4)
    numbers.map { $0 * 10 }.subscribe(onNext: { events.append("map \($0)") }).disposed(by: bag)
    numbers.compactMap { $0 % 2 == 0 ? $0 : nil }.subscribe(onNext: {
      events.append("compactMap \($0)")
    }).disposed(by: bag)
    numbers.filter { $0 > 3 }.subscribe(onNext: { events.append("filter \($0)") }).disposed(by: bag)
    numbers.scan(0, accumulator: +).subscribe(onNext: { events.append("scan \($0)") }).disposed(
      by: bag)
    _ = numbers.scan(into: [Int]()) { $0.append($1) }.map(\.count)
      .subscribe(onNext: { events.append("into \($0)") })
    numbers.distinctUntilChanged().subscribe(onNext: { events.append("distinct \($0)") }).disposed(
      by: bag)
    numbers.distinctUntilChanged { $0 / 2 }.subscribe(onNext: { events.append("key \($0)") })
      .disposed(by: bag)
    numbers.distinctUntilChanged { $1 - $0 < 2 }.subscribe(onNext: {
      events.append("cmp \($0)")
    }).disposed(by: bag)
    _ = Infallible.of(1, 2).flatMap { Infallible.of($0, $0) }
      .subscribe(onNext: { events.append("flatMap \($0)") })
    Infallible.of(1, 2).startWith(0).subscribe(onNext: { events.append("start \($0)") }).disposed(
      by: bag)
    expectEqual(
      events.items,
      [
        "map 10", "map 10", "map 20", "map 30", "map 30", "map 40",
        "compactMap 2", "compactMap 4",
        "filter 4",
        "scan 1", "scan 2", "scan 4", "scan 7", "scan 10", "scan 14",
        "into 1", "into 2", "into 3", "into 4", "into 5", "into 6",
        "distinct 1", "distinct 2", "distinct 3", "distinct 4",
        "key 1", "key 2", "key 4",
        "cmp 1", "cmp 3",
        "flatMap 1", "flatMap 1", "flatMap 2", "flatMap 2",
        "start 0", "start 1", "start 2",
      ])
  }

  @Test func flatMapLatestAndFlatMapFirst() {
    let outer = PublishRelay<Int>()
    let inners = [PublishRelay<String>(), PublishRelay<String>()]
    var latest: [String] = []
    var first: [String] = []
    let bag = DisposeBag()
    outer.asInfallible().flatMapLatest { inners[$0].asInfallible() }
      .subscribe(onNext: { latest.append($0) }).disposed(by: bag)
    outer.asInfallible().flatMapFirst { inners[$0].asInfallible() }
      .subscribe(onNext: { first.append($0) }).disposed(by: bag)
    outer.accept(0)
    inners[0].accept("a")
    outer.accept(1)
    inners[0].accept("b")
    inners[1].accept("c")
    expectEqual(latest, ["a", "c"])
    expectEqual(first, ["a", "b"])
  }

  @Test func subscribeWithAnObjectAndAnEventClosure() {
    let bag = DisposeBag()
    final class Owner {
      var values: [Int] = []
    }
    let owner = Owner()
    Infallible.of(1, 2).subscribe(with: owner, onNext: { $0.values.append($1) }).disposed(by: bag)
    var events: [String] = []
    _ = Infallible.just(3).subscribe { events.append("\($0)") }
    expectEqual(owner.values, [1, 2])
    expectEqual(events, ["next(3)", "completed"])
  }

  @Test func bindToRelaysAndObservers() {
    let bag = DisposeBag()
    let counter = ResourceCounter()
    let publish = PublishRelay<Int>()
    let behavior = BehaviorRelay<Int>(value: 0)
    let replay = ReplayRelay<Int>.create(bufferSize: 3)
    let optional = BehaviorRelay<Int?>(value: nil)
    var observed: [String] = []
    var publishSeen: [Int] = []
    counter.measure {
      let seen = publish.subscribe(onNext: { publishSeen.append($0) })
      Infallible.of(1, 2).bind(to: publish).disposed(by: bag)
      Infallible.of(1, 2).bind(to: behavior).disposed(by: bag)
      Infallible.of(1, 2).bind(to: replay).disposed(by: bag)
      Infallible.of(5).bind(to: optional).disposed(by: bag)
      Infallible.of(6).bind(to: AnyObserver<Int> { observed.append("\($0)") }).disposed(by: bag)
      Infallible.of(7).bind(to: AnyObserver<Int?> { observed.append("\($0)") }).disposed(by: bag)
      Infallible.of(8).bind(onNext: { observed.append("onNext \($0)") }).disposed(by: bag)
      seen.dispose()
    }
    var replayed: [Int] = []
    replay.subscribe(onNext: { replayed.append($0) }).disposed(by: bag)
    expectEqual(publishSeen, [1, 2])
    expectEqual(behavior.value, 2)
    expectEqual(replayed, [1, 2])
    expectEqual(optional.value, 5)
    expectEqual(observed, ["next(6)", "completed", "next(Optional(7))", "completed", "onNext 8"])
    expectEqual(counter.live, 0)
  }

  @Test func relaysAsInfallible() {
    let relay = BehaviorRelay(value: 1)
    var values: [Int] = []
    let subscription = relay.asInfallible().subscribe(onNext: { values.append($0) })
    relay.accept(2)
    subscription.dispose()
    relay.accept(3)
    expectEqual(values, [1, 2])
    #expect(!relay.hasObservers)
  }
}
