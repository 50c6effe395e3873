import ReactiveCore
import ReactiveTesting
import Testing

/// Drivers and Signals on a mocked immediate scheduler: delivery is synchronous and no test
/// here needs the main queue.
@Suite struct DriverAndSignalTests {
  @Test func aDriverReplaysTheLatestElementToASecondSubscriberAndSharesTheSource() {
    let counter = ResourceCounter()
    let scheduler = CountingScheduler()
    let subject = PublishSubject<Int>()
    let log = SubscriptionLog()
    var first: [Int] = []
    var second: [Int] = []
    counter.measure {
      SharingScheduler.mock(scheduler: scheduler) {
        let driver = log.counting(subject.asObservable()).asDriver(onErrorJustReturn: -1)
        let a = driver.drive(onNext: { first.append($0) })
        subject.onNext(1)
        subject.onNext(2)
        let b = driver.drive(onNext: { second.append($0) })
        subject.onNext(3)
        a.dispose()
        subject.onNext(4)
        b.dispose()
      }
    }
    expectEqual(first, [1, 2, 3])
    expectEqual(second, [2, 3, 4])
    expectEqual(log.subscriptions, 1)
    expectEqual(log.disposals, 1)
    #expect(!subject.hasObservers)
    #expect(scheduler.actions >= 4)
    expectEqual(counter.live, 0)
  }

  @Test func aDriverReconnectsAfterEveryoneLeft() {
    let scheduler = CountingScheduler()
    let log = SubscriptionLog()
    var values: [Int] = []
    SharingScheduler.mock(scheduler: scheduler) {
      let driver = log.counting(Observable.of(1, 2)).asDriver(onErrorJustReturn: 0)
      _ = driver.drive(onNext: { values.append($0) })
      _ = driver.drive(onNext: { values.append($0) })
    }
    expectEqual(values, [1, 2, 1, 2])
    expectEqual(log.subscriptions, 2)
  }

  @Test func aDriverNeverFails() {
    let scheduler = CountingScheduler()
    var events: [String] = []
    let failing = Observable<Int>.create { observer in
      observer.onNext(1)
      observer.onError(TestFailure.boom)
      return Disposables.create()
    }
    SharingScheduler.mock(scheduler: scheduler) {
      _ = failing.asDriver(onErrorJustReturn: 0).drive(
        onNext: { events.append("a \($0)") }, onCompleted: { events.append("a end") })
      _ = failing.asDriver(onErrorDriveWith: .of(7, 8)).drive(onNext: { events.append("b \($0)") })
      _ = failing.asDriver(onErrorRecover: { error in
        .just(error as? TestFailure == .boom ? 9 : -9)
      }).drive(onNext: { events.append("c \($0)") })
    }
    expectEqual(events, ["a 1", "a 0", "a end", "b 1", "b 7", "b 8", "c 1", "c 9"])
  }

  @Test func aSignalDoesNotReplayButSharesTheSource() {
    let counter = ResourceCounter()
    let scheduler = CountingScheduler()
    let relay = PublishRelay<String>()
    let log = SubscriptionLog()
    var first: [String] = []
    var second: [String] = []
    counter.measure {
      SharingScheduler.mock(scheduler: scheduler) {
        let signal = log.counting(relay.asObservable()).asSignal(onErrorSignalWith: .empty())
        let a = signal.emit(onNext: { first.append($0) })
        relay.accept("x")
        let b = signal.emit(onNext: { second.append($0) })
        relay.accept("y")
        a.dispose()
        b.dispose()
      }
    }
    expectEqual(first, ["x", "y"])
    expectEqual(second, ["y"])
    expectEqual(log.subscriptions, 1)
    expectEqual(counter.live, 0)
  }

  @Test func aSignalNeverFails() {
    var events: [String] = []
    SharingScheduler.mock(scheduler: CountingScheduler()) {
      let failing = Observable<Int>.error(TestFailure.boom)
      _ = failing.asSignal(onErrorJustReturn: 1).emit(onNext: { events.append("a \($0)") })
      _ = failing.asSignal(onErrorSignalWith: .just(2)).emit(onNext: { events.append("b \($0)") })
      _ = failing.asSignal(onErrorRecover: { _ in .just(3) }).emit(onNext: {
        events.append("c \($0)")
      })
    }
    expectEqual(events, ["a 1", "b 2", "c 3"])
  }

  @Test func relaysAndInfallibleBecomeDriversAndSignals() {
    let behavior = BehaviorRelay(value: 1)
    let publish = PublishRelay<Int>()
    let replay = ReplayRelay<Int>.create(bufferSize: 1)
    replay.accept(5)
    var values: [String] = []
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: CountingScheduler()) {
      behavior.asDriver().drive(onNext: { values.append("behavior driver \($0)") }).disposed(
        by: bag)
      behavior.asSignal().emit(onNext: { values.append("behavior signal \($0)") }).disposed(by: bag)
      publish.asDriver().drive(onNext: { values.append("publish driver \($0)") }).disposed(by: bag)
      publish.asSignal().emit(onNext: { values.append("publish signal \($0)") }).disposed(by: bag)
      replay.asDriver().drive(onNext: { values.append("replay driver \($0)") }).disposed(by: bag)
      replay.asSignal().emit(onNext: { values.append("replay signal \($0)") }).disposed(by: bag)
      Infallible.of(3).asDriver().drive(onNext: { values.append("infallible driver \($0)") })
        .disposed(by: bag)
      Infallible.of(4).asSignal().emit(onNext: { values.append("infallible signal \($0)") })
        .disposed(by: bag)
    }
    behavior.accept(2)
    publish.accept(6)
    expectEqual(
      values,
      [
        "behavior driver 1", "behavior signal 1", "replay driver 5", "replay signal 5",
        "infallible driver 3", "infallible signal 4",
        "behavior driver 2", "behavior signal 2", "publish driver 6", "publish signal 6",
      ])
  }

  @Test func creationOperatorsDeliverOnTheSharingScheduler() {
    let scheduler = CountingScheduler()
    var values: [String] = []
    SharingScheduler.mock(scheduler: scheduler) {
      _ = Driver.just(1).drive(
        onNext: { values.append("just \($0)") }, onCompleted: { values.append("just end") })
      _ = Driver<Int>.empty().drive(onCompleted: { values.append("empty end") })
      _ = Signal.of(2, 3).emit(onNext: { values.append("of \($0)") })
      _ = Driver.from([4]).drive(onNext: { values.append("from \($0)") })
      _ = Driver.from(5...5).drive(onNext: { values.append("range \($0)") })
      _ = Driver.from(optional: Int?.none).drive(onCompleted: { values.append("none end") })
      _ = Driver.deferred { .just(6) }.drive(onNext: { values.append("deferred \($0)") })
      let never = Driver<Int>.never().drive(onNext: { values.append("never \($0)") })
      never.dispose()
    }
    expectEqual(
      values,
      [
        "just 1", "just end", "empty end", "of 2", "of 3", "from 4", "range 5", "none end",
        "deferred 6",
      ])
    #expect(scheduler.actions >= 6)
  }

  @Test func transformingOperators() {
    let relay = PublishRelay<Int>()
    var values: [String] = []
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: CountingScheduler()) {
      let driver = relay.asDriver()
      driver.map { $0 * 10 }.drive(onNext: { values.append("map \($0)") }).disposed(by: bag)
      driver.filter { $0 > 1 }.drive(onNext: { values.append("filter \($0)") }).disposed(by: bag)
      driver.compactMap { $0 == 2 ? "two" : nil }.drive(onNext: {
        values.append("compactMap \($0)")
      })
      .disposed(by: bag)
      driver.distinctUntilChanged().drive(onNext: { values.append("distinct \($0)") })
        .disposed(by: bag)
      driver.distinctUntilChanged { $0 > 1 }.drive(onNext: { values.append("key \($0)") })
        .disposed(by: bag)
      driver.distinctUntilChanged { $0 == $1 }.drive(onNext: { values.append("cmp \($0)") })
        .disposed(by: bag)
      driver.distinctUntilChanged({ $0 % 2 }, comparer: ==).drive(onNext: {
        values.append("keycmp \($0)")
      })
      .disposed(by: bag)
      driver.startWith(0).drive(onNext: { values.append("start \($0)") }).disposed(by: bag)
      driver.scan(0, accumulator: +).drive(onNext: { values.append("scan \($0)") }).disposed(
        by: bag)
      driver.scan(into: "") { $0 += "\($1)" }.drive(onNext: { values.append("into \($0)") })
        .disposed(by: bag)
      driver.do(onNext: { values.append("do \($0)") }).drive().disposed(by: bag)
    }
    relay.accept(1)
    relay.accept(2)
    relay.accept(2)
    expectEqual(
      values,
      [
        "start 0",
        "map 10", "distinct 1", "key 1", "cmp 1", "keycmp 1", "start 1", "scan 1", "into 1", "do 1",
        "map 20", "filter 2", "compactMap two", "distinct 2", "key 2", "cmp 2", "keycmp 2",
        "start 2",
        "scan 3", "into 12", "do 2",
        "map 20", "filter 2", "compactMap two", "start 2", "scan 5", "into 122", "do 2",
      ])
  }

  @Test func flatteningOperators() {
    let outer = PublishRelay<Int>()
    let inners = [PublishRelay<String>(), PublishRelay<String>()]
    var latest: [String] = []
    var first: [String] = []
    var merged: [String] = []
    let bag = DisposeBag()
    // The inner Drivers are made while the outer one emits, so the elements are sent inside
    // the mock too: a Driver made outside it would deliver on the main queue.
    SharingScheduler.mock(scheduler: CountingScheduler()) {
      let driver = outer.asDriver()
      driver.flatMapLatest { inners[$0].asDriver() }.drive(onNext: { latest.append($0) })
        .disposed(by: bag)
      driver.flatMapFirst { inners[$0].asDriver() }.drive(onNext: { first.append($0) })
        .disposed(by: bag)
      driver.flatMap { inners[$0].asDriver() }.drive(onNext: { merged.append($0) })
        .disposed(by: bag)
      outer.accept(0)
      inners[0].accept("a")
      outer.accept(1)
      inners[0].accept("b")
      inners[1].accept("c")
    }
    expectEqual(latest, ["a", "c"])
    expectEqual(first, ["a", "b"])
    expectEqual(merged, ["a", "b", "c"])
  }

  @Test func combiningOperators() {
    let left = PublishRelay<Int>()
    let right = PublishRelay<String>()
    var values: [String] = []
    let bag = DisposeBag()
    SharingScheduler.mock(scheduler: CountingScheduler()) {
      let l = left.asDriver()
      let r = right.asDriver()
      Driver.combineLatest(l, r).drive(onNext: { values.append("pair \($0)\($1)") }).disposed(
        by: bag)
      Driver.combineLatest(l, r) { "\($0)\($1)" }.drive(onNext: { values.append("cl \($0)") })
        .disposed(by: bag)
      Driver.combineLatest(l, r, l, r) { "\($0)\($1)\($2)\($3)" }
        .drive(onNext: { values.append("cl4 \($0)") }).disposed(by: bag)
      Driver.combineLatest([l, l]).drive(onNext: { values.append("clc \($0)") }).disposed(by: bag)
      Driver.zip(l, r).drive(onNext: { values.append("zip \($0)\($1)") }).disposed(by: bag)
      Driver.zip(l, r, l) { "\($0)\($1)\($2)" }.drive(onNext: { values.append("zip3 \($0)") })
        .disposed(by: bag)
      Driver.zip([l, l]) { $0.reduce(0, +) }.drive(onNext: { values.append("zipc \($0)") })
        .disposed(by: bag)
      Driver.merge(l, l.map { $0 * 100 }).drive(onNext: { values.append("merge \($0)") })
        .disposed(by: bag)
      l.withLatestFrom(r).drive(onNext: { values.append("wlf \($0)") }).disposed(by: bag)
      l.withLatestFrom(r) { "\($0)\($1)" }.drive(onNext: { values.append("wlfs \($0)") })
        .disposed(by: bag)
    }
    left.accept(1)
    right.accept("a")
    left.accept(2)
    expectEqual(
      values,
      [
        "clc [1, 1]", "zipc 2", "merge 1", "merge 100",
        "pair 1a", "cl 1a", "cl4 1a1a", "zip 1a", "zip3 1a1",
        "pair 2a", "cl 2a", "cl4 2a1a", "cl4 2a2a", "clc [2, 1]", "clc [2, 2]", "zipc 4",
        "merge 2", "merge 200", "wlf a", "wlfs 2a",
      ])
  }

  @Test func conversionsAreIdentities() {
    SharingScheduler.mock(scheduler: CountingScheduler()) {
      let driver = Driver.just(1)
      let signal = Signal.just(1)
      #expect(driver.asDriver().asObservable() === driver.asObservable())
      #expect(driver.asSharedSequence().asObservable() === driver.asObservable())
      #expect(signal.asSignal().asObservable() === signal.asObservable())
    }
  }
}
